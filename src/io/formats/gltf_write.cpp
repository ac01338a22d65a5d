// glTF 2.0 binary (.glb) of a grid (mj/picture.hpp: encode_glb): one mesh, a primitive and a
// material per value, the faces greedily meshed (mj/mesh.hpp).
#include <cctype>
#include <cmath>
#include <cstring>
#include <map>
#include <string>

#include "core/file_bytes.hpp"
#include "mj/mesh.hpp"
#include "mj/picture.hpp"

namespace mj {

namespace {

// glTF's enums that this file uses.
constexpr int kFloat = 5126, kUnsignedInt = 5125, kArrayBuffer = 34962, kElementArrayBuffer = 34963;

// MJ's z is up, glTF's y: (x, y, z) -> (x, z, -y) turns the grid without mirroring it, centred on
// the origin across the ground.
std::array<float, 3> to_gltf(const std::array<float, 3>& p, const GridView& g) {
  return {p[0] - float(g.mx) / 2, p[2], -(p[1] - float(g.my) / 2)};
}

// glTF colours are linear; the palette's are sRGB.
float linear(uint32_t channel) {
  const double c = double(channel & 255) / 255;
  return float(c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4));
}

std::string number(float v) {
  std::string s = std::to_string(v);
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

struct Primitive {  // one value's faces
  std::vector<float> positions, normals;
  std::vector<uint32_t> indices;
  std::array<float, 3> min{}, max{};
};

std::map<uint8_t, Primitive> primitives_of(const GridView& grid) {
  std::map<uint8_t, Primitive> out;
  for (const Quad& q : greedy_mesh(grid)) {
    Primitive& p = out[q.value];
    const auto first = uint32_t(p.positions.size() / 3);
    const std::array<float, 3> normal = to_gltf(q.normal, GridView{0, 0, 0, {}, nullptr, {}});
    for (const auto& corner : q.corners) {
      const std::array<float, 3> v = to_gltf(corner, grid);
      for (size_t k = 0; k < 3; k++) {
        if (p.positions.size() < 3 || v[k] < p.min[k]) p.min[k] = v[k];
        if (p.positions.size() < 3 || v[k] > p.max[k]) p.max[k] = v[k];
      }
      p.positions.insert(p.positions.end(), v.begin(), v.end());
      p.normals.insert(p.normals.end(), normal.begin(), normal.end());
    }
    for (uint32_t k : {0u, 1u, 2u, 0u, 2u, 3u}) p.indices.push_back(first + k);
  }
  return out;
}

// The JSON and the binary buffer, written side by side.
class Glb {
 public:
  void add(uint8_t value, const Primitive& p, uint32_t color, char symbol) {
    const int positions = view(p.positions.data(), p.positions.size() * 4, kArrayBuffer);
    const int normals = view(p.normals.data(), p.normals.size() * 4, kArrayBuffer);
    const int indices = view(p.indices.data(), p.indices.size() * 4, kElementArrayBuffer);
    const size_t vertices = p.positions.size() / 3;
    const int position = accessor(positions, kFloat, vertices, "VEC3",
                                  ",\"min\":[" + triple(p.min) + "],\"max\":[" + triple(p.max) + "]");
    const int normal = accessor(normals, kFloat, vertices, "VEC3", "");
    const int index = accessor(indices, kUnsignedInt, p.indices.size(), "SCALAR", "");
    append(primitives_, "{\"attributes\":{\"POSITION\":" + std::to_string(position) +
                            ",\"NORMAL\":" + std::to_string(normal) + "},\"indices\":" + std::to_string(index) +
                            ",\"material\":" + std::to_string(materials_count_++) + "}");
    append(materials_, "{\"name\":\"" + name(symbol, value) + "\",\"pbrMetallicRoughness\":{\"baseColorFactor\":[" +
                           number(linear(color >> 16)) + "," + number(linear(color >> 8)) + "," +
                           number(linear(color)) + ",1],\"metallicFactor\":0,\"roughnessFactor\":1}}");
  }

  std::vector<uint8_t> bytes() const {
    std::string json = "{\"asset\":{\"version\":\"2.0\",\"generator\":\"mj\"},\"scene\":0,";
    if (primitives_.empty()) json += "\"scenes\":[{}]}";  // no voxels: a scene with nothing in it
    else
      json += "\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"mesh\":0,\"name\":\"grid\"}],\"meshes\":[{\"primitives\":[" +
              primitives_ + "]}],\"materials\":[" + materials_ + "],\"accessors\":[" + accessors_ +
              "],\"bufferViews\":[" + views_ + "],\"buffers\":[{\"byteLength\":" + std::to_string(bin_.size()) + "}]}";
    while (json.size() % 4 != 0) json += ' ';
    std::vector<uint8_t> out;
    const size_t total = 12 + 8 + json.size() + (bin_.empty() ? 0 : 8 + bin_.size());
    put(out, 0x46546C67u), put(out, 2), put(out, uint32_t(total));  // "glTF", version 2
    put(out, uint32_t(json.size())), put(out, 0x4E4F534Au);         // "JSON"
    out.insert(out.end(), json.begin(), json.end());
    if (!bin_.empty()) {
      put(out, uint32_t(bin_.size())), put(out, 0x004E4942u);  // "BIN\0"
      out.insert(out.end(), bin_.begin(), bin_.end());
    }
    return out;
  }

 private:
  std::string primitives_, materials_, accessors_, views_;
  std::vector<uint8_t> bin_;
  int views_count_ = 0, accessors_count_ = 0, materials_count_ = 0;

  static void append(std::string& list, const std::string& item) { list += (list.empty() ? "" : ",") + item; }
  static void put(std::vector<uint8_t>& out, uint32_t v) {
    for (int i = 0; i < 4; i++) out.push_back(uint8_t(v >> (8 * i)));
  }
  static std::string triple(const std::array<float, 3>& v) {
    return number(v[0]) + "," + number(v[1]) + "," + number(v[2]);
  }
  static std::string name(char symbol, uint8_t value) {
    const bool plain = std::isalnum((unsigned char)symbol) != 0;
    return plain ? std::string(1, symbol) : "value " + std::to_string(value);
  }
  int view(const void* data, size_t size, int target) {
    const size_t offset = bin_.size();
    bin_.resize(offset + size);
    std::memcpy(bin_.data() + offset, data, size);  // little-endian floats and ints, as glTF wants
    append(views_, "{\"buffer\":0,\"byteOffset\":" + std::to_string(offset) +
                       ",\"byteLength\":" + std::to_string(size) + ",\"target\":" + std::to_string(target) + "}");
    return views_count_++;
  }
  int accessor(int view, int type, size_t count, const char* shape, const std::string& extra) {
    append(accessors_, "{\"bufferView\":" + std::to_string(view) + ",\"componentType\":" + std::to_string(type) +
                           ",\"count\":" + std::to_string(count) + ",\"type\":\"" + shape + "\"" + extra + "}");
    return accessors_count_++;
  }
};

}  // namespace

std::vector<uint8_t> encode_glb(const GridView& grid, const std::vector<uint32_t>& colors) {
  Glb glb;
  for (const auto& [value, primitive] : primitives_of(grid)) {
    if (value >= colors.size()) throw Error("", 0, "value " + std::to_string(value) + " has no colour");
    glb.add(value, primitive, colors[value], value < grid.legend.size() ? grid.legend[value] : '?');
  }
  return glb.bytes();
}

void save_glb(const std::filesystem::path& file, const GridView& grid, const std::vector<uint32_t>& colors) {
  save_encoded(file, [&] { return encode_glb(grid, colors); });
}

size_t glb_triangles(const GridView& grid) { return 2 * greedy_mesh(grid).size(); }

}  // namespace mj
