
(use-package forge
  :ensure t
  :after magit)
