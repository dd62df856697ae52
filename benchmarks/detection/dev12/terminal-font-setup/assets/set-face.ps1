param([Parameter(Mandatory)] [string]$Settings, [Parameter(Mandatory)] [string]$Face)
# Windows Terminal's settings.json allows comments; strip // lines before parsing.
$raw = (Get-Content -LiteralPath $Settings -Raw) -split "`n" | Where-Object { $_ -notmatch '^\s*//' }
$json = ($raw -join "`n") | ConvertFrom-Json
if (-not $json.profiles.defaults) {
    $json.profiles | Add-Member -NotePropertyName defaults -NotePropertyValue ([pscustomobject]@{}) -Force
}
if (-not $json.profiles.defaults.font) {
    $json.profiles.defaults | Add-Member -NotePropertyName font -NotePropertyValue ([pscustomobject]@{}) -Force
}
$json.profiles.defaults.font | Add-Member -NotePropertyName face -NotePropertyValue $Face -Force
$json | ConvertTo-Json -Depth 32 | Set-Content -LiteralPath $Settings -Encoding utf8
