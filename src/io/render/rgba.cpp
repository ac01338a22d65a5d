// Pixels as RGBA bytes, unpacked once here for every face (the C interface, wasm, Python).
#include "mj/picture.hpp"

namespace mj {

RgbaImage to_rgba(const Image& image) {
  RgbaImage out{image.width, image.height, std::vector<uint8_t>(image.argb.size() * 4)};
  uint8_t* o = out.rgba.data();
  for (uint32_t p : image.argb) {
    o[0] = uint8_t(p >> 16), o[1] = uint8_t(p >> 8), o[2] = uint8_t(p), o[3] = uint8_t(p >> 24);
    o += 4;
  }
  return out;
}

}  // namespace mj
