;;; org-agenda-digest.el --- Markdown digest of the Org agenda  -*- lexical-binding: t; -*-

;; Version: 0.4.1
;; Package-Requires: ((emacs "27.1") (org "9.3"))
;; Keywords: outlines, calendar

;;; Commentary:
;; M-x org-agenda-digest writes ~/org/digest-YYYY-MM-DD.md covering the next N days.

;;; Code:

(require 'org)
(require 'org-agenda)
(require 'subr-x)

(defgroup org-agenda-digest nil
  "Markdown digest of the Org agenda."
  :group 'org-agenda)

(defcustom org-agenda-digest-directory (expand-file-name "~/org")
  "Where digests are written."
  :type 'directory)

(defcustom org-agenda-digest-days 7
  "Default number of days a digest covers."
  :type 'integer)

(defun org-agenda-digest--entries (days)
  "Agenda entries for the next DAYS days as plists."
  (let ((start (org-today))
        (entries '()))
    (dolist (file (org-agenda-files))
      (dotimes (offset days)
        (let ((date (calendar-gregorian-from-absolute (+ start offset))))
          (dolist (item (org-agenda-get-day-entries file date :scheduled :deadline :timestamp))
            (push (list :date date
                        :file (file-name-nondirectory file)
                        :text (substring-no-properties (or (get-text-property 0 'txt item) item))
                        :type (get-text-property 0 'type item))
                  entries)))))
    (nreverse entries)))

(defun org-agenda-digest--overdue ()
  "TODO headings whose deadline has passed."
  (let ((today (org-today)) (out '()))
    (org-map-entries
     (lambda ()
       (when-let ((dl (org-get-deadline-time (point))))
         (when (< (time-to-days dl) today)
           (push (org-get-heading t t t t) out))))
     "/+TODO" 'agenda)
    (nreverse out)))

(defun org-agenda-digest--date-string (date)
  (format "%04d-%02d-%02d" (nth 2 date) (nth 0 date) (nth 1 date)))

;;;###autoload
(defun org-agenda-digest (&optional days)
  "Write a Markdown digest of the next DAYS days of the agenda."
  (interactive "P")
  (let* ((days (cond ((integerp days) days)
                     ((consp days) (car days))
                     (t org-agenda-digest-days)))
         (entries (org-agenda-digest--entries days))
         (overdue (org-agenda-digest--overdue))
         (file (expand-file-name (format-time-string "digest-%Y-%m-%d.md") org-agenda-digest-directory)))
    (make-directory org-agenda-digest-directory t)
    (with-temp-file file
      (insert (format "# Agenda, next %d days\n\n" days))
      (when overdue
        (insert "## Overdue\n\n")
        (dolist (h overdue) (insert (format "- %s\n" h)))
        (insert "\n"))
      (let (last)
        (dolist (e entries)
          (let ((d (org-agenda-digest--date-string (plist-get e :date))))
            (unless (equal d last)
              (insert (format "## %s\n\n" d))
              (setq last d))
            (insert (format "- %s _(%s, %s)_\n"
                            (string-trim (plist-get e :text))
                            (or (plist-get e :type) "item")
                            (plist-get e :file)))))))
    (message "org-agenda-digest: wrote %s" file)
    file))

(provide 'org-agenda-digest)
;;; org-agenda-digest.el ends here
