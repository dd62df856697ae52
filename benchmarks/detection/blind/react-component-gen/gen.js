#!/usr/bin/env node
const fs = require('fs');
const path = require('path');

const name = process.argv[2];
const dirFlag = process.argv.indexOf('--dir');
const base = dirFlag > 0 ? process.argv[dirFlag + 1] : 'src/components';
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  console.error('usage: component-gen PascalName [--dir path]');
  process.exit(2);
}
const dir = path.join(base, name);
fs.mkdirSync(dir, { recursive: true });
const files = {
  [`${name}.tsx`]: `import styles from './${name}.module.css';\n\nexport interface ${name}Props {\n  children?: React.ReactNode;\n}\n\nexport function ${name}({ children }: ${name}Props) {\n  return <div className={styles.root}>{children}</div>;\n}\n`,
  [`${name}.module.css`]: `.root {\n}\n`,
  [`${name}.stories.tsx`]: `import { ${name} } from './${name}';\n\nexport default { component: ${name} };\nexport const Default = { args: { children: '${name}' } };\n`,
  [`${name}.test.tsx`]: `import { render } from '@testing-library/react';\nimport { ${name} } from './${name}';\n\ntest('renders', () => {\n  render(<${name}>hi</${name}>);\n});\n`,
  'index.ts': `export * from './${name}';\n`,
};
for (const [file, body] of Object.entries(files)) {
  const target = path.join(dir, file);
  if (fs.existsSync(target)) { console.log(`skip ${target}`); continue; }
  fs.writeFileSync(target, body);
  console.log(`created ${target}`);
}
