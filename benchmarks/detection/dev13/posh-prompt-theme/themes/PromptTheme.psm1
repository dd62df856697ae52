# PromptTheme: a small git-aware prompt for PowerShell.
$script:Palette = @{
    ocean = @{ Path = 'Cyan'; Git = 'Blue'; Ok = 'Green'; Err = 'Red' }
    ember = @{ Path = 'Yellow'; Git = 'DarkYellow'; Ok = 'Green'; Err = 'Red' }
    plain = @{ Path = 'Gray'; Git = 'Gray'; Ok = 'Gray'; Err = 'Gray' }
}
$script:Theme = if ($env:PROMPT_THEME) { $env:PROMPT_THEME } else { 'ocean' }

function Get-GitBranchInfo {
    $branch = git branch --show-current 2>$null
    if (-not $branch) { return $null }
    $ab = git rev-list --left-right --count '@{upstream}...HEAD' 2>$null
    $mark = '≡'
    if ($ab) {
        $behind, $ahead = $ab -split '\s+'
        if ([int]$ahead -gt 0 -and [int]$behind -gt 0) { $mark = "↕$ahead/$behind" }
        elseif ([int]$ahead -gt 0) { $mark = "↑$ahead" }
        elseif ([int]$behind -gt 0) { $mark = "↓$behind" }
    }
    return "$branch $mark"
}

function prompt {
    $ok = $?
    $colors = $script:Palette[$script:Theme]
    $path = $PWD.Path.Replace($HOME, '~')
    Write-Host " $path " -NoNewline -ForegroundColor $colors.Path
    $git = Get-GitBranchInfo
    if ($git) { Write-Host " $git " -NoNewline -ForegroundColor $colors.Git }
    $last = Get-History -Count 1
    if ($last) {
        $secs = ($last.EndExecutionTime - $last.StartExecutionTime).TotalSeconds
        if ($secs -ge 0.5) { Write-Host (' {0:N1}s' -f $secs) -NoNewline -ForegroundColor DarkGray }
    }
    Write-Host ''
    Write-Host '❯' -NoNewline -ForegroundColor ($(if ($ok) { $colors.Ok } else { $colors.Err }))
    return ' '
}

Export-ModuleMember -Function prompt
