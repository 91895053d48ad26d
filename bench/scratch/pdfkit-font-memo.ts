import PDFDocument from 'pdfkit';
const proto = (PDFDocument as unknown as { prototype: any }).prototype;
const font = proto.font;
const kept = Symbol('fonts');
proto.font = function (src: any, family: any, size: any) {
  if (src && typeof src === 'object' && typeof src.layout === 'function') {
    const seen: WeakMap<object, unknown> = (this[kept] ??= new WeakMap());
    const k = seen.get(src);
    if (typeof family === 'number') { size = family; family = null; }
    if (k) {
      this._fontSource = src; this._fontFamily = family;
      if (size != null) this.fontSize(size);
      this._font = k;
      return this;
    }
    font.call(this, src, family, size);
    seen.set(src, this._font);
    return this;
  }
  return font.call(this, src, family, size);
};
