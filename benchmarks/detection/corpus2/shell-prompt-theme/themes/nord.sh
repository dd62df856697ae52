# nord theme colours
PT_C1='\[\e[38;5;110m\]'
PT_C2='\[\e[38;5;150m\]'
PT_ERR='\[\e[38;5;174m\]'
PT_RESET='\[\e[0m\]'
