// The page's exports saved as the browser saves a download.
// name: the file's name; data: its bytes or text.
export function download(name, data) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([data]));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
