// The 3D view: a voxel per non-empty cell (value 0 is empty space), as instanced cubes that the
// mouse rotates and zooms. Falls back to nothing (the page shows the isometric picture) without WebGL.
import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";

export class View3D {
  constructor(container) {
    this.container = container;
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
      slider.oninput = () => {
        this.cut[axis] = +slider.value >= +slider.max ? Infinity : +slider.value;
        if (this.last) this.draw(this.last);
      };
      label.append(`${axis} ≤ `, slider);
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
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / Math.max(h, 1);
    this.camera.updateProjectionMatrix();
    this.render();
  }

  // Cells x fastest, then y, then z; MJ's z is up, three.js's y is.
  draw(frame) {
    if (!this.renderer) return;
    const { mx, my, mz, cells, colors } = frame;
    this.last = frame;
    const cut = this.cut;
    const shown = (i) =>
      cells[i] !== 0 && i % mx < cut.x && Math.floor(i / mx) % my < cut.y && Math.floor(i / (mx * my)) < cut.z;
    let count = 0;
    for (let i = 0; i < cells.length; i++) if (shown(i)) count++;
    if (this.mesh) (this.scene.remove(this.mesh), this.mesh.dispose());
    this.mesh = new THREE.InstancedMesh(
      new THREE.BoxGeometry(1, 1, 1),
      new THREE.MeshLambertMaterial(),
      Math.max(count, 1),
    );
    this.mesh.count = count;
    const matrix = new THREE.Matrix4(),
      color = new THREE.Color();
    let k = 0;
    for (let i = 0; i < cells.length; i++) {
      if (!shown(i)) continue;
      const x = i % mx,
        y = Math.floor(i / mx) % my,
        z = Math.floor(i / (mx * my));
      matrix.setPosition(x - mx / 2, z - mz / 2, y - my / 2);
      this.mesh.setMatrixAt(k, matrix);
      this.mesh.setColorAt(k++, color.setHex(colors[cells[i]]));
    }
    this.scene.add(this.mesh);
    const size = `${mx}x${my}x${mz}`;
    this.box = { mx, my, mz };
    if (size !== this.size) {
      this.size = size;
      for (const [axis, side] of [
        ["x", mx],
        ["y", my],
        ["z", mz],
      ]) {
        Object.assign(this.cutPanel.querySelector(`#cut${axis}`), { max: side, value: side });
        this.cut[axis] = Infinity;
      }
      this.resize();
      this.frame();
    } else this.resize();
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
    this.controls.target.set(-0.5, -0.5, -0.5); // the cubes' centres are at whole coordinates
    this.controls.update();
    this.render();
  }

  // Whether the 8 corners of the grid are inside the picture (tests): [x, y] of each in -1..1.
  corners() {
    const { mx, my, mz } = this.box;
    const out = [];
    for (const x of [-mx / 2 - 0.5, mx / 2 - 0.5])
      for (const y of [-mz / 2 - 0.5, mz / 2 - 0.5])
        for (const z of [-my / 2 - 0.5, my / 2 - 0.5]) {
          const p = new THREE.Vector3(x, y, z).project(this.camera);
          out.push([p.x, p.y]);
        }
    return out;
  }

  render() {
    if (this.renderer) this.renderer.render(this.scene, this.camera);
  }
}
