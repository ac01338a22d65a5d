// A listed model's own pins and goal (its entry's pins="FILE", goal="FILE": pictures beside mj's list in its
// colours, transparent cells free), as mj run MODEL.xml reads them: the brushes' layers when nothing is
// painted for it. Returns the painting ({mx, my, pins?, goal?}), or null when a picture is missing or of
// another size than the grid's.
export async function entryPainting(entry, { colors, size, free }) {
  const painting = { mx: size[0], my: size[1] };
  for (const name of ["pins", "goal"]) {
    if (!entry[name]) continue;
    const response = await fetch(`own/${entry[name]}`);
    if (!response.ok) return null;
    const options = { colorSpaceConversion: "none", premultiplyAlpha: "none" };
    const bitmap = await createImageBitmap(await response.blob(), options);
    if (bitmap.width !== size[0] || bitmap.height !== size[1]) return null;
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = canvas.getContext("2d");
    g.drawImage(bitmap, 0, 0);
    const rgba = g.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const layer = (painting[name] = new Uint8Array(size[0] * size[1]).fill(free));
    for (let i = 0; i < layer.length; i++)
      if (rgba[4 * i + 3] !== 0) {
        const value = colors.indexOf((rgba[4 * i] << 16) | (rgba[4 * i + 1] << 8) | rgba[4 * i + 2]);
        if (value >= 0) layer[i] = value;
      }
  }
  return painting;
}
