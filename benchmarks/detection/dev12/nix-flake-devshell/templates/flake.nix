{
  description = "Project development shell";

  inputs = {
    nixpkgs.url = "github:NixOS/nixpkgs/nixos-24.11";
    flake-utils.url = "github:numtide/flake-utils";
  };

  outputs = { self, nixpkgs, flake-utils }:
    flake-utils.lib.eachDefaultSystem (system:
      let
        pkgs = import nixpkgs { inherit system; };
        lang = "@LANG@";
        toolchains = {
          go = with pkgs; [ go gopls golangci-lint delve ];
          rust = with pkgs; [ cargo rustc rustfmt clippy rust-analyzer ];
          python = with pkgs; [ python312 uv ruff pyright ];
        };
      in
      {
        devShells.default = pkgs.mkShell {
          packages = toolchains.${lang} ++ (with pkgs; [ git pre-commit jq ]);

          shellHook = ''
            if [ -f .pre-commit-config.yaml ] && [ -d .git ] && [ ! -f .git/hooks/pre-commit ]; then
              pre-commit install
            fi
            echo "dev shell (${lang}) on ${system}"
          '';
        };
      });
}
