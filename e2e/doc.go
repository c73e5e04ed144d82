// Package e2e holds the end-to-end tests of the browser client: the real
// server in process, driven through headless Chromium with chromedp. The
// tests live in the _test.go files; see README.md in this directory.
package e2e
