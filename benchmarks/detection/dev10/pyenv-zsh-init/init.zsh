#!/usr/bin/env zsh
emulate -L zsh
rc=${ZDOTDIR:-$HOME}/.zshrc
begin='# >>> pyenv (added by pyenv-zsh-init) >>>'
end='# <<< pyenv <<<'
if [[ $1 == --undo ]]; then
  [[ -f $rc ]] && sed -i.bak "/^$begin\$/,/^$end\$/d" $rc
  print "removed the pyenv block from $rc"
  return 0 2>/dev/null || exit 0
fi
(( $+commands[pyenv] )) || { print -u2 "pyenv is not installed"; exit 1 }
if grep -qF -- $begin $rc 2>/dev/null; then
  print "pyenv already set up in $rc"
  exit 0
fi
{
  print $begin
  print 'export PYENV_ROOT="$HOME/.pyenv"'
  print '[[ -d $PYENV_ROOT/bin ]] && export PATH="$PYENV_ROOT/bin:$PATH"'
  print 'eval "$(pyenv init - zsh)"'
  print $end
} >> $rc
print "added pyenv to $rc; restart your shell"
