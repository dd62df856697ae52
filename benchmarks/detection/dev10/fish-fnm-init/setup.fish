if not command -q fnm
    echo "fnm is not installed; install it first (e.g. brew install fnm)" >&2
    exit 1
end
set -l conf ~/.config/fish/conf.d/fnm.fish
mkdir -p (dirname $conf)
if test -f $conf; and string match -q '*fnm env*' < $conf
    echo "fnm already set up in $conf"
    exit 0
end
echo 'fnm env --use-on-cd --shell fish | source' > $conf
echo "added fnm to $conf; open a new fish shell"
