#!/usr/bin/env bash
# rotate.sh --old KEY [--github] USER@HOST...: rotate an SSH key on the named servers (and GitHub).
set -euo pipefail

old="" github=0 servers=()
while (( $# )); do
  case $1 in
    --old) old=$2; shift 2 ;;
    --github) github=1; shift ;;
    *) servers+=("$1"); shift ;;
  esac
done
[[ -f $old && -f $old.pub ]] || { echo "usage: rotate.sh --old KEY [--github] USER@HOST..." >&2; exit 2; }

new=$HOME/.ssh/id_ed25519_$(date +%Y%m%d)
[[ -e $new ]] && { echo "$new already exists" >&2; exit 1; }
ssh-keygen -t ed25519 -a 100 -C "$(whoami)@$(hostname) $(date +%F)" -f "$new"

if (( github )); then
  gh ssh-key add "$new.pub" --title "$(hostname) $(date +%F)"
fi

for s in "${servers[@]}"; do
  ssh-copy-id -i "$new.pub" -o IdentitiesOnly=yes -o IdentityFile="$old" "$s"
  ssh -o IdentitiesOnly=yes -i "$new" -o BatchMode=yes "$s" true
  echo "new key works on $s"
done

old_pub=$(awk '{print $2}' "$old.pub")
read -r -p "Remove the old key from ${#servers[@]} server(s)? (yes/no) " answer
[[ $answer == yes ]] || { echo "old key left in place"; exit 0; }
for s in "${servers[@]}"; do
  ssh -o IdentitiesOnly=yes -i "$new" "$s" "cp ~/.ssh/authorized_keys ~/.ssh/authorized_keys.bak && grep -vF '$old_pub' ~/.ssh/authorized_keys.bak > ~/.ssh/authorized_keys"
  echo "old key removed on $s (backup: ~/.ssh/authorized_keys.bak)"
done
echo "done. Delete $old yourself when you are sure nothing else uses it."
