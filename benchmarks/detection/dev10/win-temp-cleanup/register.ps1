param(
    [Parameter(Mandatory)][string]$Script,
    [string]$Day = 'Sunday',
    [string]$At = '09:00',
    [switch]$Remove
)
$name = 'UserCleanup-' + [IO.Path]::GetFileNameWithoutExtension($Script)
if ($Remove) {
    Unregister-ScheduledTask -TaskName $name -Confirm:$false
    Write-Host "removed $name"
    return
}
if (-not (Test-Path $Script)) { throw "no such script: $Script" }
$action = New-ScheduledTaskAction -Execute 'pwsh.exe' -Argument "-NoProfile -File `"$Script`""
$trigger = New-ScheduledTaskTrigger -Weekly -DaysOfWeek $Day -At $At
Register-ScheduledTask -TaskName $name -Action $action -Trigger $trigger -Description "Runs $Script weekly (asked by the user)" | Out-Null
Get-ScheduledTask -TaskName $name | Select-Object TaskName, State
