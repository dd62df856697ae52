$ErrorActionPreference = "Stop"
if (-not (Test-Path $PROFILE)) { New-Item -ItemType File -Force -Path $PROFILE | Out-Null }
$marker = "# >>> ps-profile-aliases >>>"
if (Select-String -Path $PROFILE -SimpleMatch $marker -Quiet) {
    Write-Host "aliases already in $PROFILE"
    return
}
$block = @(
    $marker,
    'function gs { git status -sb @args }',
    'function gco { git checkout @args }',
    'function gl { git log --oneline --graph -20 @args }',
    "# <<< ps-profile-aliases <<<"
)
Add-Content -Path $PROFILE -Value $block
Write-Host "added gs, gco and gl to $PROFILE; restart PowerShell"
