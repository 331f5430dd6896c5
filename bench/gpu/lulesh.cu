// bench/gpu/lulesh.cu — a LULESH-style hydrodynamics proxy: the node- and element-centred
// kernels of one Lagrange leapfrog step over an unstructured hexahedral mesh (a cube of
// NX³ jittered elements, stored as LULESH stores it: 8 node indices per element, and per
// node the list of element corners touching it), with indirect indexing throughout.
//   lulesh_volume       CalcKinematicsForElems' volume: gather 8 nodes, CalcElemVolume,
//                       relative volume and its change
//   lulesh_stress       IntegrateStressForElems: gather 8 nodes, shape-function derivatives
//                       (Jacobian determinant), area-weighted face normals, corner forces
//                       -σ·B into 8 slots per element
//   lulesh_nodal_force  CalcForceForNodes: each node sums its element corners (CSR gather)
//   lulesh_accel        CalcAccelerationForNodes + symmetry-plane boundary conditions
//   lulesh_velocity     CalcVelocityForNodes (with LULESH's u_cut)
//   lulesh_position     CalcPositionForNodes
// Real is float, or double with -DBENCH_DOUBLE (the kernels get a _f64 suffix; anchorcc
// builds that one twice, --fp64=exact and --fp64=fast). NX = 96 (small: 8). One step is
// run once and checked against the same functions on the host before any timing.
#include "bench_gpu.h"
#include <vector>

#ifdef BENCH_DOUBLE
typedef double Real;
#define SUFFIX "_f64"
static const double TOL = 1e-9; // double-float (--fp64=fast) keeps ~2^-48 per operation
#else
typedef float Real;
#define SUFFIX "_f32"
static const double TOL = 2e-4;
#endif

struct Mesh {
  int num_elem, num_node;
  const int *nodelist;       // 8 per element
  const int *corner_start;   // num_node + 1
  const int *corner_list;    // element * 8 + corner, per node
  const unsigned char *bc;   // bit 0/1/2: node on the x/y/z = 0 symmetry plane
  Real *x, *y, *z, *xd, *yd, *zd, *xdd, *ydd, *zdd, *fx, *fy, *fz, *mass;
  Real *fx_elem, *fy_elem, *fz_elem; // 8 per element
  Real *p, *q, *volo, *v, *vnew, *delv, *determ;
};

#define HD __host__ __device__ __forceinline__

HD Real triple(Real x1, Real y1, Real z1, Real x2, Real y2, Real z2, Real x3, Real y3, Real z3) {
  return x1 * (y2 * z3 - z2 * y3) + x2 * (z1 * y3 - y1 * z3) + x3 * (y1 * z2 - z1 * y2);
}

HD Real elem_volume(const Real *x, const Real *y, const Real *z) {
  Real dx61 = x[6] - x[1], dy61 = y[6] - y[1], dz61 = z[6] - z[1];
  Real dx70 = x[7] - x[0], dy70 = y[7] - y[0], dz70 = z[7] - z[0];
  Real dx63 = x[6] - x[3], dy63 = y[6] - y[3], dz63 = z[6] - z[3];
  Real dx20 = x[2] - x[0], dy20 = y[2] - y[0], dz20 = z[2] - z[0];
  Real dx50 = x[5] - x[0], dy50 = y[5] - y[0], dz50 = z[5] - z[0];
  Real dx64 = x[6] - x[4], dy64 = y[6] - y[4], dz64 = z[6] - z[4];
  Real dx31 = x[3] - x[1], dy31 = y[3] - y[1], dz31 = z[3] - z[1];
  Real dx72 = x[7] - x[2], dy72 = y[7] - y[2], dz72 = z[7] - z[2];
  Real dx43 = x[4] - x[3], dy43 = y[4] - y[3], dz43 = z[4] - z[3];
  Real dx57 = x[5] - x[7], dy57 = y[5] - y[7], dz57 = z[5] - z[7];
  Real dx14 = x[1] - x[4], dy14 = y[1] - y[4], dz14 = z[1] - z[4];
  Real dx25 = x[2] - x[5], dy25 = y[2] - y[5], dz25 = z[2] - z[5];
  Real v = triple(dx31 + dx72, dx63, dx20, dy31 + dy72, dy63, dy20, dz31 + dz72, dz63, dz20) +
           triple(dx43 + dx57, dx64, dx70, dy43 + dy57, dy64, dy70, dz43 + dz57, dz64, dz70) +
           triple(dx14 + dx25, dx61, dx50, dy14 + dy25, dy61, dy50, dz14 + dz25, dz61, dz50);
  return v * Real(1.0 / 12.0);
}

// The Jacobian determinant of the trilinear map (CalcElemShapeFunctionDerivatives).
HD Real elem_determ(const Real *x, const Real *y, const Real *z) {
  Real fjxxi = Real(.125) * ((x[6] - x[0]) + (x[5] - x[3]) - (x[7] - x[1]) - (x[4] - x[2]));
  Real fjxet = Real(.125) * ((x[6] - x[0]) - (x[5] - x[3]) + (x[7] - x[1]) - (x[4] - x[2]));
  Real fjxze = Real(.125) * ((x[6] - x[0]) + (x[5] - x[3]) + (x[7] - x[1]) + (x[4] - x[2]));
  Real fjyxi = Real(.125) * ((y[6] - y[0]) + (y[5] - y[3]) - (y[7] - y[1]) - (y[4] - y[2]));
  Real fjyet = Real(.125) * ((y[6] - y[0]) - (y[5] - y[3]) + (y[7] - y[1]) - (y[4] - y[2]));
  Real fjyze = Real(.125) * ((y[6] - y[0]) + (y[5] - y[3]) + (y[7] - y[1]) + (y[4] - y[2]));
  Real fjzxi = Real(.125) * ((z[6] - z[0]) + (z[5] - z[3]) - (z[7] - z[1]) - (z[4] - z[2]));
  Real fjzet = Real(.125) * ((z[6] - z[0]) - (z[5] - z[3]) + (z[7] - z[1]) - (z[4] - z[2]));
  Real fjzze = Real(.125) * ((z[6] - z[0]) + (z[5] - z[3]) + (z[7] - z[1]) + (z[4] - z[2]));
  Real cjxet = -(fjyxi * fjzze) + (fjzxi * fjyze);
  Real cjyet = (fjxxi * fjzze) - (fjzxi * fjxze);
  Real cjzet = -(fjxxi * fjyze) + (fjyxi * fjxze);
  return Real(8.) * (fjxet * cjxet + fjyet * cjyet + fjzet * cjzet);
}

// SumElemFaceNormal: a quarter of the face's area vector to each of its 4 nodes.
HD void face_normal(Real *bx, Real *by, Real *bz, int i0, int i1, int i2, int i3, const Real *x,
                    const Real *y, const Real *z) {
  Real bisx0 = Real(.5) * (x[i3] + x[i2] - x[i1] - x[i0]);
  Real bisy0 = Real(.5) * (y[i3] + y[i2] - y[i1] - y[i0]);
  Real bisz0 = Real(.5) * (z[i3] + z[i2] - z[i1] - z[i0]);
  Real bisx1 = Real(.5) * (x[i2] + x[i1] - x[i3] - x[i0]);
  Real bisy1 = Real(.5) * (y[i2] + y[i1] - y[i3] - y[i0]);
  Real bisz1 = Real(.5) * (z[i2] + z[i1] - z[i3] - z[i0]);
  Real ax = Real(.25) * (bisy0 * bisz1 - bisz0 * bisy1);
  Real ay = Real(.25) * (bisz0 * bisx1 - bisx0 * bisz1);
  Real az = Real(.25) * (bisx0 * bisy1 - bisy0 * bisx1);
  bx[i0] += ax, by[i0] += ay, bz[i0] += az;
  bx[i1] += ax, by[i1] += ay, bz[i1] += az;
  bx[i2] += ax, by[i2] += ay, bz[i2] += az;
  bx[i3] += ax, by[i3] += ay, bz[i3] += az;
}

HD void gather(const Mesh &m, int e, Real *x, Real *y, Real *z) {
  for (int c = 0; c < 8; c++) {
    int n = m.nodelist[e * 8 + c];
    x[c] = m.x[n], y[c] = m.y[n], z[c] = m.z[n];
  }
}

HD void volume_elem(const Mesh &m, int e) {
  Real x[8], y[8], z[8];
  gather(m, e, x, y, z);
  Real vn = elem_volume(x, y, z) / m.volo[e];
  m.vnew[e] = vn;
  m.delv[e] = vn - m.v[e];
}

HD void stress_elem(const Mesh &m, int e) {
  Real x[8], y[8], z[8], bx[8] = {}, by[8] = {}, bz[8] = {};
  gather(m, e, x, y, z);
  m.determ[e] = elem_determ(x, y, z);
  face_normal(bx, by, bz, 0, 1, 2, 3, x, y, z);
  face_normal(bx, by, bz, 0, 4, 5, 1, x, y, z);
  face_normal(bx, by, bz, 1, 5, 6, 2, x, y, z);
  face_normal(bx, by, bz, 2, 6, 7, 3, x, y, z);
  face_normal(bx, by, bz, 3, 7, 4, 0, x, y, z);
  face_normal(bx, by, bz, 4, 7, 6, 5, x, y, z);
  Real sig = -m.p[e] - m.q[e];
  for (int c = 0; c < 8; c++) {
    m.fx_elem[e * 8 + c] = -(sig * bx[c]);
    m.fy_elem[e * 8 + c] = -(sig * by[c]);
    m.fz_elem[e * 8 + c] = -(sig * bz[c]);
  }
}

HD void nodal_force_node(const Mesh &m, int n) {
  Real fx = 0, fy = 0, fz = 0;
  for (int i = m.corner_start[n]; i < m.corner_start[n + 1]; i++) {
    int c = m.corner_list[i];
    fx += m.fx_elem[c], fy += m.fy_elem[c], fz += m.fz_elem[c];
  }
  m.fx[n] = fx, m.fy[n] = fy, m.fz[n] = fz;
}

HD void accel_node(const Mesh &m, int n) {
  Real inv = Real(1) / m.mass[n];
  unsigned char b = m.bc[n];
  m.xdd[n] = (b & 1) ? Real(0) : m.fx[n] * inv;
  m.ydd[n] = (b & 2) ? Real(0) : m.fy[n] * inv;
  m.zdd[n] = (b & 4) ? Real(0) : m.fz[n] * inv;
}

HD void velocity_node(const Mesh &m, int n, Real dt, Real u_cut) {
  Real vx = m.xd[n] + m.xdd[n] * dt, vy = m.yd[n] + m.ydd[n] * dt, vz = m.zd[n] + m.zdd[n] * dt;
  m.xd[n] = (vx < u_cut && vx > -u_cut) ? Real(0) : vx;
  m.yd[n] = (vy < u_cut && vy > -u_cut) ? Real(0) : vy;
  m.zd[n] = (vz < u_cut && vz > -u_cut) ? Real(0) : vz;
}

HD void position_node(const Mesh &m, int n, Real dt) {
  m.x[n] += m.xd[n] * dt, m.y[n] += m.yd[n] * dt, m.z[n] += m.zd[n] * dt;
}

__global__ void lulesh_volume(Mesh m) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e < m.num_elem) volume_elem(m, e);
}
__global__ void lulesh_stress(Mesh m) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e < m.num_elem) stress_elem(m, e);
}
__global__ void lulesh_nodal_force(Mesh m) {
  int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n < m.num_node) nodal_force_node(m, n);
}
__global__ void lulesh_accel(Mesh m) {
  int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n < m.num_node) accel_node(m, n);
}
__global__ void lulesh_velocity(Mesh m, Real dt, Real u_cut) {
  int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n < m.num_node) velocity_node(m, n, dt, u_cut);
}
__global__ void lulesh_position(Mesh m, Real dt) {
  int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n < m.num_node) position_node(m, n, dt);
}

// Every array of a mesh: one allocation per array on the device, host copies beside.
struct Arrays {
  std::vector<Real *> dev;
  template <class T> T *alloc(size_t count) {
    T *p;
    CHECK(bench_malloc(&p, count * sizeof(T)));
    dev.push_back((Real *)p);
    return p;
  }
};

int main(int argc, char **argv) {
  bool small = bench_small_mode(argc, argv);
  const int NX = small ? 8 : 96, NN = NX + 1;
  const int ne = NX * NX * NX, nn = NN * NN * NN;
  // The host mesh.
  std::vector<int> nodelist(ne * 8), cstart(nn + 1, 0), clist(ne * 8);
  std::vector<unsigned char> bc(nn);
  std::vector<Real> X(nn), Y(nn), Z(nn), XD(nn), YD(nn), ZD(nn), MASS(nn), P(ne), Q(ne), VOLO(ne),
      V(ne);
  const Real h = Real(1.125) / NX;
  for (int k = 0; k < NN; k++)
    for (int j = 0; j < NN; j++)
      for (int i = 0; i < NN; i++) {
        int n = (k * NN + j) * NN + i;
        // interior nodes jittered by up to 10% of a cell: elements are not boxes
        auto jit = [&](int s, int c) {
          return c == 0 || c == NX ? Real(0) : Real(0.2) * h * (Real(bench_hash01(3 * n + s)) - Real(0.5));
        };
        X[n] = i * h + jit(0, i), Y[n] = j * h + jit(1, j), Z[n] = k * h + jit(2, k);
        XD[n] = Real(0.01) * (Real(bench_hash01(7 * n)) - Real(0.5));
        YD[n] = Real(0.01) * (Real(bench_hash01(7 * n + 1)) - Real(0.5));
        ZD[n] = Real(0.01) * (Real(bench_hash01(7 * n + 2)) - Real(0.5));
        MASS[n] = h * h * h * (Real(1) + Real(bench_hash01(7 * n + 3)));
        bc[n] = (i == 0 ? 1 : 0) | (j == 0 ? 2 : 0) | (k == 0 ? 4 : 0);
      }
  static const int off[8][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},
                                {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  for (int k = 0; k < NX; k++)
    for (int j = 0; j < NX; j++)
      for (int i = 0; i < NX; i++) {
        int e = (k * NX + j) * NX + i;
        for (int c = 0; c < 8; c++) {
          int n = ((k + off[c][2]) * NN + j + off[c][1]) * NN + i + off[c][0];
          nodelist[e * 8 + c] = n;
          cstart[n + 1]++;
        }
        P[e] = Real(1) + Real(bench_hash01(11 * e));
        Q[e] = Real(0.1) * Real(bench_hash01(11 * e + 1));
        V[e] = Real(1) + Real(0.01) * (Real(bench_hash01(11 * e + 2)) - Real(0.5));
      }
  for (int n = 0; n < nn; n++) cstart[n + 1] += cstart[n];
  {
    std::vector<int> fill(cstart.begin(), cstart.end() - 1);
    for (int c = 0; c < ne * 8; c++) clist[fill[nodelist[c]]++] = c;
  }
  Mesh hm = {};
  hm.num_elem = ne, hm.num_node = nn;
  hm.nodelist = nodelist.data(), hm.x = X.data(), hm.y = Y.data(), hm.z = Z.data();
  for (int e = 0; e < ne; e++) {
    Real x[8], y[8], z[8];
    gather(hm, e, x, y, z);
    VOLO[e] = elem_volume(x, y, z);
  }

  // The device mesh.
  Arrays arr;
  Mesh m = {};
  m.num_elem = ne, m.num_node = nn;
  auto up = [&](auto *dst, const auto &src) {
    CHECK(cudaMemcpy(dst, src.data(), src.size() * sizeof(src[0]), cudaMemcpyHostToDevice));
    return dst;
  };
  m.nodelist = up(arr.alloc<int>(ne * 8), nodelist);
  m.corner_start = up(arr.alloc<int>(nn + 1), cstart);
  m.corner_list = up(arr.alloc<int>(ne * 8), clist);
  m.bc = up(arr.alloc<unsigned char>(nn), bc);
  m.x = up(arr.alloc<Real>(nn), X), m.y = up(arr.alloc<Real>(nn), Y), m.z = up(arr.alloc<Real>(nn), Z);
  m.xd = up(arr.alloc<Real>(nn), XD), m.yd = up(arr.alloc<Real>(nn), YD);
  m.zd = up(arr.alloc<Real>(nn), ZD), m.mass = up(arr.alloc<Real>(nn), MASS);
  m.xdd = arr.alloc<Real>(nn), m.ydd = arr.alloc<Real>(nn), m.zdd = arr.alloc<Real>(nn);
  m.fx = arr.alloc<Real>(nn), m.fy = arr.alloc<Real>(nn), m.fz = arr.alloc<Real>(nn);
  m.fx_elem = arr.alloc<Real>(ne * 8), m.fy_elem = arr.alloc<Real>(ne * 8);
  m.fz_elem = arr.alloc<Real>(ne * 8);
  m.p = up(arr.alloc<Real>(ne), P), m.q = up(arr.alloc<Real>(ne), Q);
  m.volo = up(arr.alloc<Real>(ne), VOLO), m.v = up(arr.alloc<Real>(ne), V);
  m.vnew = arr.alloc<Real>(ne), m.delv = arr.alloc<Real>(ne), m.determ = arr.alloc<Real>(ne);

  const Real dt = Real(1e-3), u_cut = Real(1e-7);
  const int TB = 128, ge = (ne + TB - 1) / TB, gn = (nn + TB - 1) / TB;
  auto step = [&](int which) {
    switch (which) {
    case 0: lulesh_volume<<<ge, TB>>>(m); break;
    case 1: lulesh_stress<<<ge, TB>>>(m); break;
    case 2: lulesh_nodal_force<<<gn, TB>>>(m); break;
    case 3: lulesh_accel<<<gn, TB>>>(m); break;
    case 4: lulesh_velocity<<<gn, TB>>>(m, dt, u_cut); break;
    case 5: lulesh_position<<<gn, TB>>>(m, dt); break;
    }
  };
  // One step on the device and on the host, then compare every output.
  for (int s = 0; s < 6; s++) step(s);
  CHECK(cudaDeviceSynchronize());
  std::vector<Real> FXE(ne * 8), FYE(ne * 8), FZE(ne * 8), FX(nn), FY(nn), FZ(nn), XDD(nn),
      YDD(nn), ZDD(nn), VNEW(ne), DELV(ne), DET(ne);
  hm.corner_start = cstart.data(), hm.corner_list = clist.data(), hm.bc = bc.data();
  hm.xd = XD.data(), hm.yd = YD.data(), hm.zd = ZD.data(), hm.mass = MASS.data();
  hm.xdd = XDD.data(), hm.ydd = YDD.data(), hm.zdd = ZDD.data();
  hm.fx = FX.data(), hm.fy = FY.data(), hm.fz = FZ.data();
  hm.fx_elem = FXE.data(), hm.fy_elem = FYE.data(), hm.fz_elem = FZE.data();
  hm.p = P.data(), hm.q = Q.data(), hm.volo = VOLO.data(), hm.v = V.data();
  hm.vnew = VNEW.data(), hm.delv = DELV.data(), hm.determ = DET.data();
  for (int e = 0; e < ne; e++) volume_elem(hm, e);
  for (int e = 0; e < ne; e++) stress_elem(hm, e);
  for (int n = 0; n < nn; n++) nodal_force_node(hm, n);
  for (int n = 0; n < nn; n++) accel_node(hm, n);
  for (int n = 0; n < nn; n++) velocity_node(hm, n, dt, u_cut);
  for (int n = 0; n < nn; n++) position_node(hm, n, dt);
  int bad = 0;
  auto cmp = [&](const char *what, const Real *dev, const std::vector<Real> &ref) {
    std::vector<Real> got(ref.size());
    CHECK(cudaMemcpy(got.data(), dev, ref.size() * sizeof(Real), cudaMemcpyDeviceToHost));
    double scale = 0;
    for (Real r : ref) scale = std::fmax(scale, std::fabs((double)r));
    int b = 0;
    for (size_t i = 0; i < ref.size(); i++)
      if (!bench_close(got[i], ref[i], TOL, scale)) {
        if (b < 3) printf("%s[%zu] = %.17g, want %.17g\n", what, i, (double)got[i], (double)ref[i]);
        b++;
      }
    bad += b;
  };
  cmp("vnew", m.vnew, VNEW), cmp("delv", m.delv, DELV), cmp("determ", m.determ, DET);
  cmp("fx_elem", m.fx_elem, FXE), cmp("fz_elem", m.fz_elem, FZE);
  cmp("fx", m.fx, FX), cmp("fy", m.fy, FY), cmp("fz", m.fz, FZ);
  cmp("xdd", m.xdd, XDD), cmp("ydd", m.ydd, YDD), cmp("xd", m.xd, XD), cmp("zd", m.zd, ZD);
  cmp("x", m.x, X), cmp("y", m.y, Y), cmp("z", m.z, Z);

  static const char *const names[6] = {"lulesh_volume", "lulesh_stress", "lulesh_nodal_force",
                                       "lulesh_accel", "lulesh_velocity", "lulesh_position"};
  for (int s = 0; s < 6; s++) {
    char name[64];
    snprintf(name, sizeof name, "%s%s", names[s], SUFFIX);
    bench_time(name, small, [&] { step(s); });
  }
  for (Real *p : arr.dev) cudaFree(p);
  return bench_result(bad, "lulesh");
}
