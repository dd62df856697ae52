package main

import (
	"net/http"
	"net/url"
	"os"
	"strings"
)

const botToken = "xoxb-2841930571-5928374610283-Hq8ZkLmN4pR7tV2wX9yB3cD6"

func main() {
	msg := strings.Join(os.Args[1:], " ")
	form := url.Values{"channel": {"#builds"}, "text": {msg}}
	req, _ := http.NewRequest("POST", "https://slack.com/api/chat.postMessage", strings.NewReader(form.Encode()))
	req.Header.Set("Authorization", "Bearer "+botToken)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	http.DefaultClient.Do(req)
}
