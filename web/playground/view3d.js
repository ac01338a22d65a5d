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
  draw({ mx, my, mz, cells, colors }) {
    if (!this.renderer) return;
    let count = 0;
    for (const v of cells) if (v !== 0) count++;
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
      if (cells[i] === 0) continue;
      const x = i % mx,
        y = Math.floor(i / mx) % my,
        z = Math.floor(i / (mx * my));
      matrix.setPosition(x - mx / 2, z - mz / 2, y - my / 2);
      this.mesh.setMatrixAt(k, matrix);
      this.mesh.setColorAt(k++, color.setHex(colors[cells[i]]));
    }
    this.scene.add(this.mesh);
    const size = `${mx}x${my}x${mz}`;
    if (size !== this.size) {
      // a new shape: frame it
      this.size = size;
      const r = Math.max(mx, my, mz);
      this.camera.position.set(r * 1.5, r * 1.3, r * 1.5);
      this.controls.target.set(0, 0, 0);
      this.controls.update();
    }
    this.resize();
  }

  render() {
    if (this.renderer) this.renderer.render(this.scene, this.camera);
  }
}
