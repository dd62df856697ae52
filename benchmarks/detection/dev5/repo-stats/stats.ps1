param([string]$Repo = "acme/web")

$pat = "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6"
$headers = @{ Authorization = "token $pat"; Accept = "application/vnd.github+json" }
$r = Invoke-RestMethod -Uri "https://api.github.com/repos/$Repo" -Headers $headers
Write-Output "open issues: $($r.open_issues_count)"
