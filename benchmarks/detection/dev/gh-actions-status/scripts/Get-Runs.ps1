param([string]$Repo)
$headers = @{ Authorization = "Bearer $env:GITHUB_TOKEN"; Accept = 'application/vnd.github+json' }
$runs = Invoke-RestMethod -Uri "https://api.github.com/repos/$Repo/actions/runs" -Headers $headers
$runs.workflow_runs | Select-Object -First 5 name, conclusion
