$rc = Join-Path (Get-Location) ".npmrc"
$lines = @(
    'registry=https://registry.npmjs.org/',
    '//registry.npmjs.org/:_authToken=${NPM_TOKEN}'
)
Set-Content -Path $rc -Value $lines
Write-Output "wrote $rc; set NPM_TOKEN in the CI secrets"
