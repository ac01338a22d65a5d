// The 3D view: the grid as the glTF export meshes it (each value's faces where it meets empty space,
// merged into rectangles: mj.mesh, computed in the worker), lit and coloured by value, which the mouse
// rotates and zooms; value 0 is empty space. Without WebGL the page shows mj's isometric picture instead.
import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";

export class View3D {
  // onCut({x, y, z}): the cutaway changed (the worker meshes the cells it leaves again).
  constructor(container, onCut = () => {}) {
    this.container = container;
    this.onCut = onCut;
    try {
      this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    } catch {
      this.renderer = null;
      return;
    }
    this.renderer.setPixelRatio(window.devicePixelRatio);
    container.appendChild(this.renderer.domElement);
    this.scene = new THREE.Scene();
    this.scene.background = new THREE.Color(0x222222);
    this.camera = new THREE.PerspectiveCamera(40, 1, 0.1, 10000);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.addEventListener("change", () => this.render());
    this.controls.addEventListener("start", () => (this.moved = true)); // turned or zoomed by hand
    this.scene.add(new THREE.AmbientLight(0xffffff, 0.55));
    const sun = new THREE.DirectionalLight(0xffffff, 0.9);
    sun.position.set(0.6, 1, 0.8);
    this.scene.add(sun);
    this.mesh = null;
    this.size = "";
    // The cutaway: cells past each axis's slider are not drawn (x and y across, z up), to see inside.
    this.cut = { x: Infinity, y: Infinity, z: Infinity };
    this.cutPanel = document.createElement("div");
    this.cutPanel.className = "cutaway";
    this.cutPanel.title = "cutaway: the cells past each slider are hidden";
    for (const axis of ["x", "y", "z"]) {
      const label = document.createElement("label");
      const slider = Object.assign(document.createElement("input"), { type: "range", min: 1, value: 1 });
      slider.id = `cut${axis}`;
      const shown = Object.assign(document.createElement("span"), { className: "cutValue" });
      slider.oninput = () => {
        this.cut[axis] = +slider.value >= +slider.max ? Infinity : +slider.value;
        shown.textContent = `${slider.value} of ${slider.max}`;
        this.onCut({ ...this.cut });
      };
      slider.show = () => (shown.textContent = `${slider.value} of ${slider.max}`);
      label.append(`${axis} ≤ `, slider, " ", shown);
      this.cutPanel.append(label);
    }
    container.appendChild(this.cutPanel);
  }

  get available() {
    return this.renderer !== null;
  }

  resize() {
    if (!this.renderer) return;
    const { clientWidth: w, clientHeight: h } = this.container;
    if (w === this.width && h === this.height) return void this.render();
    Object.assign(this, { width: w, height: h });
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / Math.max(h, 1);
    this.camera.updateProjectionMatrix();
    // another shape of view (a narrower window, the help opened): the grid framed whole again, unless the
    // camera was moved by hand
    if (this.box && !this.moved) this.frame();
    else this.render();
  }

  // A frame of a 3D grid: its size, its values' colours and the mesh of the cells the cutaway leaves.
  draw(frame) {
    if (!this.renderer) return;
    const { mx, my, mz } = frame;
    this.last = frame;
    this.drawMesh(frame.mesh);
    const size = `${mx}x${my}x${mz}`;
    this.box = { mx, my, mz };
    if (size !== this.size) {
      this.size = size;
      if (Object.values(this.cut).some(Number.isFinite)) this.onCut({ x: Infinity, y: Infinity, z: Infinity });
      for (const [axis, side] of [
        ["x", mx],
        ["y", my],
        ["z", mz],
      ]) {
        const slider = this.cutPanel.querySelector(`#cut${axis}`);
        Object.assign(slider, { max: side, value: side });
        slider.show();
        this.cut[axis] = Infinity;
      }
      this.showBounds();
      this.resize();
      this.frame();
    } else this.resize();
  }

  // The mesh ({values, corners, normals} in grid coordinates, z up) as triangles, two a rectangle, of the
  // last frame's colours. MJ's (x, y, z) is three.js's (x, z, -y), as in the glTF export: turned, not
  // mirrored, so the rectangles stay counter-clockwise seen from outside. The grid is centred on the origin.
  drawMesh({ values, corners, normals }) {
    const { mx, my, mz, colors } = this.last;
    const quads = values.length;
    const position = new Float32Array(quads * 12),
      normal = new Float32Array(quads * 12),
      color = new Float32Array(quads * 12),
      index = new Uint32Array(quads * 6);
    const rgb = new THREE.Color();
    for (let q = 0; q < quads; q++) {
      rgb.setHex(colors[values[q]]); // sRGB to three.js's linear colours
      const [nx, ny, nz] = normals.subarray(q * 3, q * 3 + 3);
      for (let k = 0; k < 4; k++) {
        const c = q * 12 + k * 3;
        position.set([corners[c] - mx / 2, corners[c + 2] - mz / 2, my / 2 - corners[c + 1]], c);
        normal.set([nx, nz, -ny], c);
        color.set([rgb.r, rgb.g, rgb.b], c);
      }
      index.set(
        [0, 1, 2, 0, 2, 3].map((k) => q * 4 + k),
        q * 6,
      );
    }
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute("position", new THREE.BufferAttribute(position, 3));
    geometry.setAttribute("normal", new THREE.BufferAttribute(normal, 3));
    geometry.setAttribute("color", new THREE.BufferAttribute(color, 3));
    geometry.setIndex(new THREE.BufferAttribute(index, 1));
    if (this.mesh) (this.scene.remove(this.mesh), this.mesh.geometry.dispose());
    this.mesh = new THREE.Mesh(geometry, (this.material ??= new THREE.MeshLambertMaterial({ vertexColors: true })));
    this.scene.add(this.mesh);
    this.render();
  }

  // The grid's bounds as a wire box: where the grid ends, however few cells are drawn.
  showBounds() {
    const { mx, my, mz } = this.box;
    if (this.bounds) (this.scene.remove(this.bounds), this.bounds.geometry.dispose());
    const edges = new THREE.EdgesGeometry(new THREE.BoxGeometry(mx, mz, my));
    this.bounds = new THREE.LineSegments(edges, new THREE.LineBasicMaterial({ color: 0x777777 }));
    this.scene.add(this.bounds);
  }

  // The triangles drawn (tests: the glTF export's count).
  get triangles() {
    return this.mesh ? this.mesh.geometry.index.count / 3 : 0;
  }

  // The camera at the distance where the grid's bounding sphere fits the narrower of the two fields of view.
  frame() {
    const { mx, my, mz } = this.box;
    const radius = 0.5 * Math.hypot(mx, my, mz) + 0.5;
    const vertical = THREE.MathUtils.degToRad(this.camera.fov) / 2;
    const horizontal = Math.atan(Math.tan(vertical) * this.camera.aspect);
    const distance = (radius / Math.sin(Math.min(vertical, horizontal))) * 1.05;
    const direction = new THREE.Vector3(1.5, 1.3, 1.5).normalize();
    this.camera.position.copy(direction.multiplyScalar(distance));
    this.controls.target.set(0, 0, 0);
    this.controls.update();
    this.moved = false;
    this.render();
  }

  // Whether the 8 corners of the grid are inside the picture (tests): [x, y] of each in -1..1.
  corners() {
    const { mx, my, mz } = this.box;
    const out = [];
    for (const x of [-mx / 2, mx / 2])
      for (const y of [-mz / 2, mz / 2])
        for (const z of [-my / 2, my / 2]) {
          const p = new THREE.Vector3(x, y, z).project(this.camera);
          out.push([p.x, p.y]);
        }
    return out;
  }

  render() {
    if (this.renderer) this.renderer.render(this.scene, this.camera);
  }
}
