param(
    [Parameter(Mandatory = $true)][string]$Script,
    [string]$At = "08:00"
)
$resolved = (Resolve-Path $Script).Path
$action = New-ScheduledTaskAction -Execute "pwsh.exe" -Argument "-NoProfile -File `"$resolved`""
$trigger = New-ScheduledTaskTrigger -Daily -At $At
Register-ScheduledTask -TaskName "DailyReport" -Action $action -Trigger $trigger -Description "Runs $resolved daily" -Force
Write-Output "Scheduled DailyReport at $At for $resolved"
