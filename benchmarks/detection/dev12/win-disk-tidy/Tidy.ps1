#Requires -Version 5.1
<#
.SYNOPSIS
  Reclaim disk space on Windows: temp, Update cache, Delivery Optimization, thumbnails, dumps, old restore data.
.PARAMETER WhatIf
  Report sizes only.
#>
[CmdletBinding()]
param([switch]$WhatIf)

$ErrorActionPreference = 'SilentlyContinue'

function Test-Admin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    (New-Object Security.Principal.WindowsPrincipal $id).IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)
}

function Get-Size([string[]]$Paths, [int]$OlderThanDays = 0) {
    $limit = (Get-Date).AddDays(-$OlderThanDays)
    $files = foreach ($p in $Paths) { Get-ChildItem -LiteralPath $p -Recurse -File -Force | Where-Object { $_.LastWriteTime -lt $limit } }
    [math]::Round((($files | Measure-Object Length -Sum).Sum) / 1MB, 1)
}

function Remove-Old([string[]]$Paths, [int]$OlderThanDays = 0) {
    $limit = (Get-Date).AddDays(-$OlderThanDays)
    foreach ($p in $Paths) {
        Get-ChildItem -LiteralPath $p -Recurse -File -Force |
            Where-Object { $_.LastWriteTime -lt $limit } |
            Remove-Item -Force
    }
}

function Invoke-Tool([string]$Exe, [string[]]$Arguments) {
    & $Exe @Arguments 2>&1 | Out-Null
    $LASTEXITCODE
}

if (-not (Test-Admin)) {
    Write-Warning 'run this from an elevated PowerShell'
    exit 1
}

$drive = Get-PSDrive -Name C
$freeBefore = [math]::Round($drive.Free / 1GB, 2)
$report = [System.Collections.Generic.List[object]]::new()

$temp = @($env:TEMP, "$env:SystemRoot\Temp")
$report.Add([pscustomobject]@{ Step = 'temp'; MB = Get-Size $temp 2 })
if (-not $WhatIf) { Remove-Old $temp 2 }

$wu = "$env:SystemRoot\SoftwareDistribution\Download"
$report.Add([pscustomobject]@{ Step = 'update cache'; MB = Get-Size @($wu) })
if (-not $WhatIf) {
    Stop-Service wuauserv, bits -Force
    Remove-Old @($wu)
    Start-Service wuauserv, bits
}

$report.Add([pscustomobject]@{ Step = 'delivery optimization'; MB = Get-Size @("$env:SystemRoot\ServiceProfiles\NetworkService\AppData\Local\Microsoft\Windows\DeliveryOptimization\Cache") })
if (-not $WhatIf) { Delete-DeliveryOptimizationCache -Force }

$thumbs = Get-ChildItem "$env:LOCALAPPDATA\Microsoft\Windows\Explorer" -Filter 'thumbcache_*.db' -Force
$report.Add([pscustomobject]@{ Step = 'thumbnails'; MB = [math]::Round((($thumbs | Measure-Object Length -Sum).Sum) / 1MB, 1) })
if (-not $WhatIf) { $thumbs | Remove-Item -Force }

$dumps = @("$env:SystemRoot\Minidump", "$env:LOCALAPPDATA\CrashDumps")
$report.Add([pscustomobject]@{ Step = 'dumps'; MB = Get-Size $dumps })
if (-not $WhatIf) { Remove-Old $dumps }

# Restore data: the shadow storage is the largest hidden consumer on small SSDs.
$shadow = (Get-CimInstance Win32_ShadowStorage | Measure-Object UsedSpace -Sum).Sum
$report.Add([pscustomobject]@{ Step = 'restore data'; MB = [math]::Round($shadow / 1MB, 1) })
if (-not $WhatIf) {
    $vss = @{ Exe = "$env:SystemRoot\System32\vssadmin.exe"; Arguments = @('delete', 'shadows', '/all', '/quiet') }
    $null = Invoke-Tool @vss
    Checkpoint-Computer -Description 'after disk tidy' -RestorePointType MODIFY_SETTINGS
}

$report | Format-Table -AutoSize
if ($WhatIf) {
    "total reclaimable: {0} MB" -f (($report | Measure-Object MB -Sum).Sum)
} else {
    $freeAfter = [math]::Round((Get-PSDrive -Name C).Free / 1GB, 2)
    "free on C: before {0} GB, after {1} GB" -f $freeBefore, $freeAfter
}
