#!/usr/bin/env perl
# init_settings.pl [--print] - write or merge ~/.m2/settings.xml from the template.
use strict;
use warnings;
use File::Basename qw(dirname);
use File::Copy qw(copy);
use File::Path qw(make_path);
use POSIX qw(strftime);

my $print_only = grep { $_ eq '--print' } @ARGV;
my $here       = dirname(__FILE__);
my $m2         = "$ENV{HOME}/.m2";
my $target     = "$m2/settings.xml";

sub slurp { my ($f) = @_; open my $fh, '<', $f or die "$f: $!"; local $/; return <$fh> }

my $xml = slurp("$here/templates/settings.xml");

# proxies from the environment
my $proxy_url = $ENV{HTTPS_PROXY} // $ENV{https_proxy} // $ENV{HTTP_PROXY} // $ENV{http_proxy};
my $proxies   = '';
if ($proxy_url && $proxy_url =~ m{^(https?)://(?:([^:@/]+)(?::([^@/]*))?@)?([^:/]+)(?::(\d+))?}) {
    my ($scheme, $user, $pass, $host, $port) = ($1, $2, $3, $4, $5 // ($1 eq 'https' ? 443 : 80));
    my $non = join '|', split /,/, ($ENV{NO_PROXY} // $ENV{no_proxy} // 'localhost,127.0.0.1');
    $proxies = "<proxies>\n    <proxy>\n      <id>env-proxy</id>\n      <active>true</active>\n"
      . "      <protocol>$scheme</protocol>\n      <host>$host</host>\n      <port>$port</port>\n"
      . ($user ? "      <username>$user</username>\n      <password>$pass</password>\n" : '')
      . "      <nonProxyHosts>$non</nonProxyHosts>\n    </proxy>\n  </proxies>";
}
$xml =~ s/<!--PROXIES-->/$proxies/;

# keep existing <servers> (deploy credentials, private repositories)
my $servers = '';
if (-f $target) {
    my $old = slurp($target);
    ($servers) = $old =~ m{(<servers>.*?</servers>)}s;
    $servers //= '';
}
$xml =~ s/<!--SERVERS-->/$servers/;
$xml =~ s/\n\s*\n\s*\n/\n\n/g;

if ($print_only) {
    (my $shown = $xml) =~ s{(<password>).*?(</password>)}{$1****$2}gs;
    print $shown;
    exit 0;
}

make_path($m2);
if (-f $target) {
    my $backup = "$target.bak-" . strftime('%Y%m%d%H%M%S', localtime);
    copy($target, $backup) or die "backup failed: $!";
    print "backup: $backup\n";
}
open my $out, '>', $target or die "$target: $!";
print {$out} $xml;
close $out;
chmod 0600, $target;
print "wrote $target\n";
