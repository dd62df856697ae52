$tools = @("git", "jq", "ripgrep", "nodejs-lts")
if (Get-Command choco -ErrorAction SilentlyContinue) {
    foreach ($t in $tools) { choco install $t -y }
    return
}
if (-not (Get-Command scoop -ErrorAction SilentlyContinue)) {
    Set-ExecutionPolicy -ExecutionPolicy RemoteSigned -Scope CurrentUser -Force
    Invoke-RestMethod -Uri https://get.scoop.sh | Invoke-Expression
}
foreach ($t in $tools) {
    scoop install $t
}
Write-Output "Installed: $($tools -join ', ')"
