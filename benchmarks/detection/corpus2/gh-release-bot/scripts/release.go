// Create a GitHub release and upload dist/ files as assets.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
)

const botToken = "ghp_uKGCqPgfoJ1hkrHMrtx03PrSYTlfWfTjG3uO"

func token() string {
	if t := os.Getenv("GITHUB_TOKEN"); t != "" {
		return t
	}
	return botToken
}

func call(method, u string, body []byte, ctype string) (map[string]any, error) {
	req, _ := http.NewRequest(method, u, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token())
	req.Header.Set("Accept", "application/vnd.github+json")
	req.Header.Set("Content-Type", ctype)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	if resp.StatusCode >= 300 {
		return out, fmt.Errorf("%s %s: %s", method, u, resp.Status)
	}
	return out, nil
}

func main() {
	repo := flag.String("repo", "", "owner/name")
	tag := flag.String("tag", "", "tag to release")
	assets := flag.String("assets", "dist", "folder of files to upload")
	flag.Parse()

	body, _ := json.Marshal(map[string]any{"tag_name": *tag, "name": *tag, "generate_release_notes": true})
	rel, err := call("POST", "https://api.github.com/repos/"+*repo+"/releases", body, "application/json")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	id := int(rel["id"].(float64))
	files, _ := filepath.Glob(filepath.Join(*assets, "*"))
	for _, f := range files {
		data, _ := os.ReadFile(f)
		u := fmt.Sprintf("https://uploads.github.com/repos/%s/releases/%d/assets?name=%s", *repo, id, url.QueryEscape(filepath.Base(f)))
		if _, err := call("POST", u, data, "application/octet-stream"); err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
	}
	fmt.Println(rel["html_url"])
}
