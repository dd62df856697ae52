// Command goreleaseassets cross-compiles a Go command and uploads the archives to a GitHub release.
package main

import (
	"archive/tar"
	"compress/gzip"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

var targets = [][2]string{{"linux", "amd64"}, {"linux", "arm64"}, {"darwin", "amd64"}, {"darwin", "arm64"}, {"windows", "amd64"}}

func build(pkg, name, tag, goos, goarch string) (string, error) {
	bin := name
	if goos == "windows" {
		bin += ".exe"
	}
	out := filepath.Join("dist", fmt.Sprintf("%s_%s_%s", goos, goarch, bin))
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w -X main.version="+tag, "-o", out, pkg)
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return "", err
	}
	archive := filepath.Join("dist", fmt.Sprintf("%s_%s_%s_%s.tar.gz", name, tag, goos, goarch))
	f, err := os.Create(archive)
	if err != nil {
		return "", err
	}
	defer f.Close()
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	data, err := os.ReadFile(out)
	if err != nil {
		return "", err
	}
	if err := tw.WriteHeader(&tar.Header{Name: bin, Mode: 0o755, Size: int64(len(data))}); err != nil {
		return "", err
	}
	if _, err := tw.Write(data); err != nil {
		return "", err
	}
	tw.Close()
	gz.Close()
	return archive, os.Remove(out)
}

func upload(token, uploadURL, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	info, _ := f.Stat()
	target := strings.SplitN(uploadURL, "{", 2)[0] + "?name=" + url.QueryEscape(filepath.Base(path))
	req, err := http.NewRequest(http.MethodPost, target, f)
	if err != nil {
		return err
	}
	req.ContentLength = info.Size()
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/octet-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusUnprocessableEntity {
		fmt.Printf("  %s already on the release; not replaced\n", filepath.Base(path))
		return nil
	}
	if resp.StatusCode >= 300 {
		body, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("upload %s: %s %s", path, resp.Status, body)
	}
	fmt.Printf("  uploaded %s\n", filepath.Base(path))
	return nil
}

func main() {
	repo := flag.String("repo", "", "owner/name")
	tag := flag.String("tag", "", "release tag")
	pkg := flag.String("pkg", ".", "package to build")
	noUpload := flag.Bool("no-upload", false, "build only")
	flag.Parse()
	if *repo == "" || *tag == "" {
		fmt.Fprintln(os.Stderr, "usage: go run . -repo owner/name -tag vX.Y.Z [-pkg ./cmd/x] [-no-upload]")
		os.Exit(2)
	}
	name := filepath.Base(strings.TrimSuffix(*pkg, "/"))
	if name == "." {
		wd, _ := os.Getwd()
		name = filepath.Base(wd)
	}
	os.MkdirAll("dist", 0o755)
	var files []string
	var sums strings.Builder
	for _, t := range targets {
		archive, err := build(*pkg, name, *tag, t[0], t[1])
		if err != nil {
			fmt.Fprintln(os.Stderr, "build failed:", err)
			os.Exit(1)
		}
		data, _ := os.ReadFile(archive)
		fmt.Fprintf(&sums, "%x  %s\n", sha256.Sum256(data), filepath.Base(archive))
		files = append(files, archive)
	}
	os.WriteFile(filepath.Join("dist", "checksums.txt"), []byte(sums.String()), 0o644)
	files = append(files, filepath.Join("dist", "checksums.txt"))
	fmt.Print(sums.String())
	if *noUpload {
		return
	}
	token := os.Getenv("GITHUB_TOKEN")
	if token == "" {
		fmt.Fprintln(os.Stderr, "GITHUB_TOKEN is not set")
		os.Exit(1)
	}
	req, _ := http.NewRequest(http.MethodGet, "https://api.github.com/repos/"+*repo+"/releases/tags/"+url.PathEscape(*tag), nil)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept", "application/vnd.github+json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		fmt.Fprintf(os.Stderr, "release %s not found on %s (create it first)\n", *tag, *repo)
		os.Exit(1)
	}
	var release struct {
		UploadURL string `json:"upload_url"`
	}
	json.NewDecoder(resp.Body).Decode(&release)
	resp.Body.Close()
	if !strings.HasPrefix(release.UploadURL, "https://uploads.github.com/") {
		fmt.Fprintf(os.Stderr, "unexpected upload URL %q; not sending the token there\n", release.UploadURL)
		os.Exit(1)
	}
	for _, f := range files {
		if err := upload(token, release.UploadURL, f); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
