<#
.SYNOPSIS
  Add (or -Remove) one folder on the current user's PATH, permanently.
#>
param(
    [Parameter(Mandatory)] [string] $Folder,
    [switch] $Remove
)
$ErrorActionPreference = 'Stop'

$full = [IO.Path]::GetFullPath($Folder).TrimEnd('\')
if (-not $Remove -and -not (Test-Path -LiteralPath $full -PathType Container)) {
    throw "No such folder: $full"
}

$current = [Environment]::GetEnvironmentVariable('Path', 'User')
$parts = @($current -split ';' | Where-Object { $_ -ne '' })
$present = $parts | Where-Object { $_.TrimEnd('\') -ieq $full }

if ($Remove) {
    if (-not $present) { Write-Host "$full is not on the user PATH"; return }
    $parts = $parts | Where-Object { $_.TrimEnd('\') -ine $full }
} else {
    if ($present) { Write-Host "$full is already on the user PATH"; return }
    $parts += $full
}

[Environment]::SetEnvironmentVariable('Path', ($parts -join ';'), 'User')
$env:Path = [Environment]::GetEnvironmentVariable('Path', 'Machine') + ';' + ($parts -join ';')
Write-Host ($(if ($Remove) { "removed $full from" } else { "added $full to" }) + " the user PATH; restart open terminals")
