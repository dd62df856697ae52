# requires: starship
eval "$(starship init __SHELL__)"
