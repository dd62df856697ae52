# requires: direnv
eval "$(direnv hook __SHELL__)"
