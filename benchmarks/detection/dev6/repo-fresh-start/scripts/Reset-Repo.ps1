[CmdletBinding(SupportsShouldProcess, ConfirmImpact = 'High')]
param(
    [switch]$Preview,
    [string[]]$Keep = @(),
    [switch]$ResetTracked
)

$ErrorActionPreference = 'Stop'
$top = (& git rev-parse --show-toplevel).Trim()
if (-not $top) { throw 'not inside a git repository' }
Set-Location $top

$excludes = foreach ($k in $Keep) { '-e'; "!$k" }

Write-Output "Repository: $top"
Write-Output 'Untracked and ignored files that would be removed:'
& git clean -ndx @excludes

if ($Preview) { return }

if ($PSCmdlet.ShouldProcess($top, 'git clean -fdx (delete untracked and ignored files)')) {
    & git clean -fdx @excludes
}
if ($ResetTracked -and $PSCmdlet.ShouldProcess($top, 'git reset --hard HEAD (discard changes to tracked files)')) {
    & git reset --hard HEAD
}
& git status --short --branch
