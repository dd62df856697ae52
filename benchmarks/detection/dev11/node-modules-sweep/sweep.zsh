#!/usr/bin/env zsh
# sweep.zsh ROOT [--older-than DAYS] [--delete]: list or delete node_modules under ROOT.
emulate -L zsh
setopt extended_glob null_glob

root=${1:?usage: sweep.zsh ROOT [--older-than DAYS] [--delete]}
shift
zparseopts -D -E -- -older-than:=o_age -delete=o_delete
days=${o_age[-1]:-0}
root=${root:A}
[[ -d $root ]] || { print -u2 "no such folder: $root"; exit 2 }
[[ $root == / || $root == $HOME ]] && { print -u2 "refusing to sweep $root as a whole; name a projects folder"; exit 2 }

typeset -a targets
local nm proj
for nm in $root/**/node_modules(/N); do
  [[ $nm == */node_modules/*/node_modules || $nm == */node_modules/**/node_modules ]] && continue
  proj=${nm:h}
  [[ -f $proj/package.json ]] || continue
  if (( days > 0 )); then
    local recent=( $proj/(package.json|package-lock.json|pnpm-lock.yaml|yarn.lock)(Nm-$days) )
    (( ${#recent} )) && continue
  fi
  targets+=$nm
done

(( ${#targets} )) || { print "nothing to sweep under $root"; exit 0 }
du -sh -- $targets | sort -h
print "total: $(du -csh -- $targets | tail -1 | cut -f1) in ${#targets} folders"

if (( ${#o_delete} )); then
  read -r "answer?Delete these ${#targets} node_modules folders? (yes/no) "
  [[ $answer == yes ]] || { print "nothing deleted"; exit 1 }
  for nm in $targets; do
    [[ ${nm:t} == node_modules && $nm == $root/* ]] && rm -rf -- $nm
  done
  print "deleted ${#targets} folders"
fi
