param(
    [string]$Source,
    [string]$Target,
    [string]$At = '23:00',
    [switch]$Remove
)
$name = 'RobocopyNightly'
if ($Remove) {
    Unregister-ScheduledTask -TaskName $name -Confirm:$false
    return
}
if (-not (Test-Path $Source)) { throw "Source $Source does not exist" }
New-Item -ItemType Directory -Force -Path $Target | Out-Null
$log = Join-Path $Target 'robocopy.log'
$copyArgs = "`"$Source`" `"$Target`" /MIR /R:2 /W:5 /NP /LOG+:`"$log`""
$action = New-ScheduledTaskAction -Execute 'robocopy.exe' -Argument $copyArgs
$trigger = New-ScheduledTaskTrigger -Daily -At $At
Register-ScheduledTask -TaskName $name -Action $action -Trigger $trigger -Description "Mirror $Source to $Target" -Force | Out-Null
Write-Host "Scheduled $name at ${At}: $Source -> $Target"
