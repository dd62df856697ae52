# git-prompt-status: sourced from the shell rc file.
__gps_color() { printf '\[\e[%sm\]' "$1"; }

__gps_segment() {
  local line branch="" ahead=0 behind=0 dirty="" staged="" stash=""
  command -v git >/dev/null 2>&1 || return 0
  while IFS= read -r line; do
    case "$line" in
      "# branch.head "*) branch="${line#\# branch.head }" ;;
      "# branch.ab "*)
        read -r _ _ ahead behind <<<"$line"
        ahead="${ahead#+}"; behind="${behind#-}" ;;
      "1 "*|"2 "*)
        [[ "${line:2:1}" != "." ]] && staged="+"
        [[ "${line:3:1}" != "." ]] && dirty="*" ;;
      "? "*) dirty="*" ;;
    esac
  done < <(git status --porcelain=v2 --branch 2>/dev/null)
  [[ -z "$branch" ]] && return 0
  git rev-parse --verify --quiet refs/stash >/dev/null && stash=" \$"
  local out="$branch"
  (( ahead > 0 )) && out+=" ↑$ahead"
  (( behind > 0 )) && out+=" ↓$behind"
  [[ -n "$dirty$staged" ]] && out+=" $dirty$staged"
  printf ' (%s%s)' "$out" "$stash"
}

__gps_prompt() {
  local status=$?
  local arrow_color="${GPS_OK_COLOR:-32}"
  (( status != 0 )) && arrow_color="${GPS_ERR_COLOR:-31}"
  PS1="$(__gps_color "${GPS_DIR_COLOR:-34}")\w$(__gps_color 0)$(__gps_color "${GPS_GIT_COLOR:-33}")$(__gps_segment)$(__gps_color 0) $(__gps_color "$arrow_color")❯$(__gps_color 0) "
}

if [[ -n "${ZSH_VERSION:-}" ]]; then
  setopt PROMPT_SUBST
  precmd() { PROMPT="%F{blue}%~%f%F{yellow}$(__gps_segment)%f %(?.%F{green}.%F{red})❯%f "; }
else
  PROMPT_COMMAND="__gps_prompt${PROMPT_COMMAND:+; $PROMPT_COMMAND}"
fi
