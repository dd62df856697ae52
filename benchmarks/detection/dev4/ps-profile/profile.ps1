winget install JanDeDobbeleer.OhMyPosh -s winget --accept-package-agreements
if (-not (Test-Path $PROFILE)) {
    New-Item -ItemType File -Path $PROFILE -Force | Out-Null
}
$lines = @(
    'oh-my-posh init pwsh | Invoke-Expression',
    'Set-PSReadLineOption -PredictionSource History',
    'Set-PSReadLineKeyHandler -Key UpArrow -Function HistorySearchBackward'
)
$existing = Get-Content $PROFILE -Raw
foreach ($line in $lines) {
    if ($existing -notmatch [regex]::Escape($line)) {
        Add-Content -Path $PROFILE -Value $line
    }
}
Write-Output "Profile updated: $PROFILE. Restart PowerShell."
