[CmdletBinding(SupportsShouldProcess)]
param(
    [Parameter(Mandatory)][string]$Root
)

$ErrorActionPreference = 'Continue'
$config = Get-Content (Join-Path $PSScriptRoot '..\clean-targets.json') -Raw | ConvertFrom-Json
$Root = (Resolve-Path $Root).Path
$freed = 0

function Remove-Target([string]$Path) {
    if (-not (Test-Path $Path)) { return }
    $size = (Get-ChildItem $Path -Recurse -File -Force -ErrorAction SilentlyContinue | Measure-Object Length -Sum).Sum
    if ($PSCmdlet.ShouldProcess($Path, 'delete')) {
        Remove-Item -LiteralPath $Path -Recurse -Force -ErrorAction SilentlyContinue
        $script:freed += $size
    } else {
        Write-Output ("{0,10:N1} MB  {1}" -f ($size / 1MB), $Path)
    }
}

foreach ($pattern in $config.project) {
    if ($pattern.StartsWith('**/')) {
        $leaf = $pattern.Substring(3)
        Get-ChildItem $Root -Directory -Recurse -Filter $leaf -ErrorAction SilentlyContinue |
            Where-Object { $_.FullName -notmatch '\\node_modules\\' } |
            ForEach-Object { Remove-Target $_.FullName }
    } else {
        Remove-Target (Join-Path $Root $pattern)
    }
}

$profileRoot = [Environment]::GetFolderPath('UserProfile')
foreach ($rel in $config.user) {
    Remove-Target ([IO.Path]::GetFullPath((Join-Path $profileRoot $rel)))
}

if (-not $WhatIfPreference) {
    Write-Output ("freed {0:N1} MB" -f ($freed / 1MB))
}
