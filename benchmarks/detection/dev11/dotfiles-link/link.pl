#!/usr/bin/env perl
# link.pl DOTFILES [--apply]: symlink a dotfiles repository into $HOME with backups.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(basename dirname);
use File::Copy qw(move);
use File::Path qw(make_path);
use POSIX qw(strftime);

my $repo = abs_path(shift // die "usage: link.pl DOTFILES [--apply]\n") // die "no such folder\n";
my $apply = grep { $_ eq '--apply' } @ARGV;
my $home = $ENV{HOME};
my $backup = "$home/.dotfiles-backup/" . strftime('%Y%m%d-%H%M%S', localtime);

sub plan_link {
    my ($src, $dst) = @_;
    if (-l $dst && readlink($dst) eq $src) { print "ok      $dst\n"; return }
    if (-e $dst || -l $dst) {
        my $to = "$backup/" . substr($dst, length($home) + 1);
        print "backup  $dst -> $to\n";
        if ($apply) { make_path(dirname($to)); move($dst, $to) or die "move $dst: $!\n" }
    }
    print "link    $dst -> $src\n";
    if ($apply) { make_path(dirname($dst)); symlink($src, $dst) or die "symlink $dst: $!\n" }
}

opendir(my $dh, $repo) or die "$repo: $!\n";
for my $name (sort readdir $dh) {
    next if $name =~ /^\.|^(README|LICENSE|install)/i;
    my $src = "$repo/$name";
    if ($name eq 'config' && -d $src) {
        opendir(my $ch, $src) or die;
        plan_link("$src/$_", "$home/.config/$_") for grep { !/^\.\.?$/ } sort readdir $ch;
        next;
    }
    plan_link($src, "$home/.$name");
}
print $apply ? "done; backups (if any) in $backup\n" : "dry run; add --apply to make these changes\n";
