<#
.SYNOPSIS
  Write user-chosen aliases/functions into a marked block of the PowerShell profile.
.EXAMPLE
  ./Set-ProfileAliases.ps1 -Alias 'gs=git status','..=Set-Location ..' -WhatIf
#>
[CmdletBinding(SupportsShouldProcess)]
param(
    [string[]]$Alias = @(),
    [switch]$Remove
)
$ErrorActionPreference = 'Stop'

$begin = '# >>> profile-aliases'
$end = '# <<< profile-aliases'
$profilePath = $PROFILE.CurrentUserCurrentHost
$current = if (Test-Path $profilePath) { Get-Content -Raw -Path $profilePath } else { '' }
if ($null -eq $current) { $current = '' }
$pattern = '(?s)\r?\n?' + [regex]::Escape($begin) + '.*?' + [regex]::Escape($end) + '\r?\n?'
$withoutBlock = [regex]::Replace($current, $pattern, "`n").TrimEnd()

if ($Remove) {
    if ($PSCmdlet.ShouldProcess($profilePath, 'remove the profile-aliases block')) {
        Copy-Item -Path $profilePath -Destination "$profilePath.bak" -Force -ErrorAction SilentlyContinue
        Set-Content -Path $profilePath -Value $withoutBlock
        Write-Output "removed the profile-aliases block from $profilePath"
    }
    return
}
if ($Alias.Count -eq 0) { throw 'pass -Alias name=command[,name=command...]' }

$lines = @($begin)
foreach ($pair in $Alias) {
    $name, $command = $pair -split '=', 2
    $name = $name.Trim(); $command = "$command".Trim()
    if ($name -notmatch '^[\w.\-]+$' -or -not $command) { throw "not a name=command pair: $pair" }
    if ($command -match '^[\w-]+$' -and (Get-Command $command -ErrorAction SilentlyContinue)) {
        $lines += "Set-Alias -Name '$name' -Value '$command' -Scope Global"
    } else {
        $lines += "function global:$name { $command @args }"
    }
}
$lines += $end
$block = $lines -join [Environment]::NewLine

Write-Output $block
if ($PSCmdlet.ShouldProcess($profilePath, 'write the profile-aliases block')) {
    New-Item -ItemType Directory -Force -Path (Split-Path $profilePath) | Out-Null
    if (Test-Path $profilePath) { Copy-Item -Path $profilePath -Destination "$profilePath.bak" -Force }
    $newContent = if ($withoutBlock) { $withoutBlock + [Environment]::NewLine + [Environment]::NewLine + $block } else { $block }
    Set-Content -Path $profilePath -Value $newContent
    Write-Output "written to $profilePath (backup: $profilePath.bak). Open a new PowerShell window to use them."
}
