param([hashtable]$Aliases = @{ g = 'git' })
$ErrorActionPreference = 'Stop'

$begin = '# >>> ps-profile-aliases >>>'
$end = '# <<< ps-profile-aliases <<<'
$lines = @($begin)
foreach ($name in $Aliases.Keys) {
    $lines += "Set-Alias -Name $name -Value $($Aliases[$name])"
}
$lines += @(
    'Set-PSReadLineKeyHandler -Key UpArrow -Function HistorySearchBackward',
    'Set-PSReadLineKeyHandler -Key DownArrow -Function HistorySearchForward',
    'function prompt { $b = git branch --show-current 2>$null; "PS $($PWD.Path)$(if ($b) { " [$b]" })> " }',
    $end
)

if (-not (Test-Path $PROFILE)) { New-Item -ItemType File -Path $PROFILE -Force | Out-Null }
$current = Get-Content $PROFILE -Raw
if ($null -eq $current) { $current = '' }
$pattern = [regex]::Escape($begin) + '[\s\S]*?' + [regex]::Escape($end)
$block = $lines -join [Environment]::NewLine
if ($current -match $pattern) {
    $current = [regex]::Replace($current, $pattern, $block)
} else {
    $current = $current.TrimEnd() + [Environment]::NewLine + $block + [Environment]::NewLine
}
Set-Content -Path $PROFILE -Value $current
Write-Host "Updated $PROFILE; open a new shell to use it."
