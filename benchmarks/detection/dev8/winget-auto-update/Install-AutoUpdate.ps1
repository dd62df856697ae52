$cfg = Get-Content (Join-Path $PSScriptRoot 'task.json') -Raw | ConvertFrom-Json
$action = New-ScheduledTaskAction -Execute $cfg.exe -Argument $cfg.args
$triggers = @(
    New-ScheduledTaskTrigger -Daily -At $cfg.daily_at
    New-ScheduledTaskTrigger -AtLogOn
)
$settings = New-ScheduledTaskSettingsSet -Hidden -StartWhenAvailable -AllowStartIfOnBatteries
Register-ScheduledTask -TaskName $cfg.name -Action $action -Trigger $triggers -Settings $settings -Force | Out-Null
Write-Host "Scheduled $($cfg.name) daily at $($cfg.daily_at)"
