# requires: fzf
[ -f ~/.fzf.__SHELL__ ] && source ~/.fzf.__SHELL__
