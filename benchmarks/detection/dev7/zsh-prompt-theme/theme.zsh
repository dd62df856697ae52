autoload -Uz vcs_info add-zsh-hook
zstyle ':vcs_info:git:*' formats '%b%u%c'
zstyle ':vcs_info:*' check-for-changes true
add-zsh-hook precmd vcs_info
setopt PROMPT_SUBST
PROMPT='%F{blue}%~%f ${vcs_info_msg_0_} ${VIRTUAL_ENV:+(${VIRTUAL_ENV:t})}
%(?.%F{green}.%F{red}[%?] )❯%f '
